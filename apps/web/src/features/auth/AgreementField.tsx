import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useUiStore } from '../../stores/ui.store';

/**
 * SPEC 2 and 5: the agree box with the agreement and privacy links; the links
 * sit outside the checkbox label so reading them does not tick it.
 */
export function AgreementField() {
  const { t } = useTranslation(['auth', 'nav']);
  const openLegal = useUiStore((state) => state.openLegal);
  return (
    <div className="agreement-field">
      <Form.Item name="isAgree" valuePropName="checked" noStyle>
        <Checkbox>{t('agreement.prefix')}</Checkbox>
      </Form.Item>
      <Button type="link" size="small" onClick={() => openLegal('agreement')}>
        {t('nav:userAgreement')}
      </Button>
      <span>{t('agreement.and')}</span>
      <Button type="link" size="small" onClick={() => openLegal('privacy')}>
        {t('nav:privacyPolicy')}
      </Button>
    </div>
  );
}
