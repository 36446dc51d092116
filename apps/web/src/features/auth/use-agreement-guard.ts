import App from 'antd/es/app';
import type { FormInstance } from 'antd/es/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * SPEC 5: login and register need the agreement box ticked, else a confirm
 * warning appears. Confirming ticks the box and lets the submission go on;
 * cancelling stops it.
 */
export function useAgreementGuard(form: FormInstance): () => Promise<boolean> {
  const { modal } = App.useApp();
  const { t } = useTranslation(['auth', 'common']);
  return useCallback(() => {
    if (form.getFieldValue('isAgree') === true) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('agreement.confirmTitle'),
        content: t('errors.agreementRequired'),
        okText: t('agreement.confirmOk'),
        cancelText: t('common:cancel'),
        onOk: () => {
          form.setFieldValue('isAgree', true);
          resolve(true);
        },
        onCancel: () => resolve(false),
      });
    });
  }, [form, modal, t]);
}
