import '../../i18n/lazy/work';
import { LIMITS, type TLocale, type TMessageKey, ZAppealRequest } from '@layerline/contract';
import App from 'antd/es/app';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/use-locale';
import { zodRule } from '../../lib/forms/zod-rule';
import { useSubmitAppeal } from '../works/api';
import { rejectionParts } from './rejection-parts';
import './appeal-dialog.css';

type TAppealValues = { reason: string };

/**
 * SPEC 2 help mark and the owner's detail view: appeal a rejected work
 * (SPEC 3 Appeal, SPEC 5: the reason is required and not blank). The reason
 * is checked with the contract's schema, as the server checks it. A failure
 * shows the SPEC 8 appeal-failed message and keeps what was typed. Above the
 * form, the rejection being appealed: its reason, the moderator's note and,
 * when the caller knows it, its date.
 */
export function AppealDialog({
  workId,
  workTitle,
  rejection,
  rejectedAt,
  onClose,
}: {
  workId: number;
  workTitle?: string;
  /** The rejection as the server rendered it in the reader's language. */
  rejection?: string;
  /** When the work was rejected (ISO time), if known. */
  rejectedAt?: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const { t } = useTranslation(['work', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TAppealValues>();
  const appeal = useSubmitAppeal();
  const messageFor = (key: TMessageKey | null) =>
    key === 'appealReasonTooLong'
      ? t('appeal.tooLong', { max: LIMITS.appealReasonMax })
      : t('appeal.required');

  const handleFinish = async ({ reason }: TAppealValues) => {
    try {
      await appeal.mutateAsync({ work_id: workId, appeal_reason: reason.trim() });
    } catch {
      void message.error(t('appeal.failed'));
      return;
    }
    void message.success(t('appeal.success'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('appeal.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('appeal.submit')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: appeal.isPending }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {workTitle && <p className="appeal-dialog__work">{t('appeal.work', { title: workTitle })}</p>}
      {rejection !== undefined && (
        <RejectionSummary text={rejection} rejectedAt={rejectedAt} locale={locale} />
      )}
      <Form<TAppealValues>
        form={form}
        name={`appeal-${workId}`}
        layout="vertical"
        onFinish={handleFinish}
        disabled={appeal.isPending}
      >
        <Form.Item
          name="reason"
          label={t('appeal.reason')}
          required
          rules={[zodRule(ZAppealRequest.shape.appeal_reason, messageFor)]}
          validateFirst
        >
          <Input.TextArea
            rows={4}
            maxLength={LIMITS.appealReasonMax}
            showCount
            placeholder={t('appeal.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** What is being appealed: the reason, the note and the date, as plain text (no hover needed). */
function RejectionSummary({
  text,
  rejectedAt,
  locale,
}: {
  text: string;
  rejectedAt?: string;
  locale: TLocale;
}) {
  const { t } = useTranslation('work');
  const { reason, note } = rejectionParts(text, locale);
  const date = rejectedAt ? new Date(rejectedAt) : null;
  return (
    <dl className="appeal-dialog__rejection" data-testid="appeal-rejection">
      <dt>{t('appeal.rejectedReason')}</dt>
      <dd>{reason || t('review.noReason')}</dd>
      {note && (
        <>
          <dt>{t('appeal.rejectedNote')}</dt>
          <dd>{note}</dd>
        </>
      )}
      {date && !Number.isNaN(date.getTime()) && (
        <>
          <dt>{t('appeal.rejectedAt')}</dt>
          <dd>
            <time dateTime={rejectedAt}>
              {date.toLocaleDateString(locale === 'zh' ? 'zh-CN' : 'en', { dateStyle: 'medium' })}
            </time>
          </dd>
        </>
      )}
    </dl>
  );
}
