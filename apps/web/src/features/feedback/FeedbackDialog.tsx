import '../../i18n/lazy/feedback';
import { LIMITS } from '@layerline/contract';
import Modal from 'antd/es/modal';
import Spin from 'antd/es/spin';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedbackDialog } from './feedback-dialog.store';
import './feedback-dialog.css';

// The form (its image picker, upload list and rules) loads when the dialog first opens.
const FeedbackForm = lazy(async () => ({ default: (await import('./FeedbackForm')).FeedbackForm }));

/**
 * SPEC 2 feedback dialog, 450px wide (SPEC 9), full width on a phone. Its
 * body is destroyed on close, so after a submit (SPEC 4) or a cancel it
 * opens empty again.
 */
export function FeedbackDialog() {
  const { t } = useTranslation('feedback');
  const isOpen = useFeedbackDialog((state) => state.isOpen);
  const close = useFeedbackDialog((state) => state.close);

  return (
    <Modal
      open={isOpen}
      onCancel={close}
      footer={null}
      title={t('title')}
      width={LIMITS.feedbackDialogWidthPx}
      className="feedback-dialog"
      mask={{ closable: false }}
      destroyOnHidden
    >
      <p className="feedback-dialog__intro">{t('intro')}</p>
      <Suspense
        fallback={
          <div className="feedback-dialog__loading">
            <Spin aria-label={t('loading')} />
          </div>
        }
      >
        <FeedbackForm onDone={close} />
      </Suspense>
    </Modal>
  );
}
