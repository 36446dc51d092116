import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { AgreementField } from './AgreementField';
import { sendRegisterCode, useRegister } from './api';
import { useAuthRules } from './auth-rules';
import { CodeField } from './CodeField';
import { NewPasswordFields } from './NewPasswordFields';
import { encryptPasswords } from './password-crypto';
import { useAgreementGuard } from './use-agreement-guard';
import { useAuthFeedback } from './use-auth-feedback';
import { useCompleteLogin } from './use-complete-login';

type TRegisterValues = {
  username: string;
  password: string;
  confirmPassword: string;
  code: string;
  isAgree?: boolean;
};

const FORM_NAME = 'register';

/**
 * SPEC 2 register panel. DESIGN 3: `code` is the 6-digit e-mail code and the
 * answer carries tokens, so a new account is logged in straight away.
 */
export function RegisterPanel() {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<TRegisterValues>();
  const rules = useAuthRules();
  const register = useRegister();
  const showError = useAuthFeedback();
  const ensureAgreed = useAgreementGuard(form);
  const completeLogin = useCompleteLogin();
  const setPanel = useUiStore((state) => state.setLoginPanel);
  const isLoginInProgress = useSessionStore((state) => state.isLoginInProgress);

  const handleFinish = async (values: TRegisterValues) => {
    if (!(await ensureAgreed())) return;
    try {
      // SPEC 7: password and confirmPassword are encrypted with the same key.
      const { encryptionKey, encrypted } = await encryptPasswords({
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      const tokens = await register.mutateAsync({
        username: values.username.trim(),
        password: encrypted.password,
        confirmPassword: encrypted.confirmPassword,
        code: values.code.trim(),
        uuid: '',
        isAgree: true,
        encryptionKey,
      });
      await completeLogin(tokens, t('success.register'));
    } catch (error) {
      showError(error, 'register');
    }
  };

  return (
    <Form<TRegisterValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      className="auth-form"
      onFinish={handleFinish}
    >
      <Form.Item
        name="username"
        label={t('fields.email')}
        rules={rules.email}
        validateFirst
        required
      >
        <Input autoComplete="email" placeholder={t('fields.emailPlaceholder')} />
      </Form.Item>
      <NewPasswordFields name="password" labelKey="fields.password" />
      <CodeField form={form} formName={FORM_NAME} emailField="username" send={sendRegisterCode} />
      <AgreementField />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={register.isPending || isLoginInProgress}
        className="auth-form__submit"
      >
        {t('submit.register')}
      </Button>
      <div className="login-dialog__switch">
        <Button type="link" onClick={() => setPanel('login')}>
          {t('toLogin')}
        </Button>
      </div>
    </Form>
  );
}
