import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useAuthRules } from './auth-rules';

type TNewPasswordFieldsProps = {
  /** The field holding the new password; `confirmPassword` must equal it (SPEC 5). */
  name: 'password' | 'newPassword';
  labelKey: 'fields.password' | 'fields.newPassword';
};

/** A new password (SPEC 5: 8 to 20) and its confirmation: register, reset and change share it. */
export function NewPasswordFields({ name, labelKey }: TNewPasswordFieldsProps) {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  return (
    <>
      <Form.Item name={name} label={t(labelKey)} rules={rules.newPassword} validateFirst>
        <Input.Password autoComplete="new-password" placeholder={t('fields.passwordPlaceholder')} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('fields.confirmPassword')}
        dependencies={[name]}
        rules={rules.confirm(name)}
        validateFirst
      >
        <Input.Password autoComplete="new-password" placeholder={t('fields.confirmPlaceholder')} />
      </Form.Item>
    </>
  );
}
