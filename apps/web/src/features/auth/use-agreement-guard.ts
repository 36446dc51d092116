import '../../i18n/lazy/auth';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import type { TForm } from '../../lib/forms/use-form';

/**
 * SPEC 5: login and register need the agreement box ticked, else a confirm
 * warning appears. Confirming ticks the box and lets the submission go on;
 * cancelling stops it.
 */
export function useAgreementGuard(form: TForm<{ isAgree: boolean }>): () => Promise<boolean> {
  const { modal } = useFeedback();
  const { t } = useTranslation(['auth', 'common']);
  const { getValues, resetValue } = form;
  return useCallback(() => {
    if (getValues().isAgree === true) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('agreement.confirmTitle'),
        content: t('errors.agreementRequired'),
        okText: t('agreement.confirmOk'),
        cancelText: t('common:cancel'),
        onOk: () => {
          resetValue('isAgree', true);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
  }, [getValues, resetValue, modal, t]);
}
