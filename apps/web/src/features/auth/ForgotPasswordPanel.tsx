import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { sendResetCode, useResetPassword } from './api';
import { useAuthRules } from './auth-rules';
import { CodeField } from './CodeField';
import { NewPasswordFields } from './NewPasswordFields';
import { encryptPasswords } from './password-crypto';
import { useAuthFeedback } from './use-auth-feedback';
import { useEndSession } from './use-logout';

type TForgotValues = {
  email: string;
  password: string;
  confirmPassword: string;
  code: string;
};

const FORM_NAME = 'forgotPassword';

/** SPEC 2 forgot-password panel: a new password set with the e-mail code. */
export function ForgotPasswordPanel() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<TForgotValues>();
  const rules = useAuthRules();
  const reset = useResetPassword();
  const showError = useAuthFeedback();
  const endSession = useEndSession();
  const setPanel = useUiStore((state) => state.setLoginPanel);

  const handleFinish = async (values: TForgotValues) => {
    try {
      const { encryptionKey, encrypted } = await encryptPasswords({ password: values.password });
      await reset.mutateAsync({
        email: values.email.trim(),
        password: encrypted.password,
        code: values.code.trim(),
        uuid: '',
        encryptionKey,
      });
    } catch (error) {
      showError(error, 'resetPassword');
      return;
    }
    // SPEC 4: a successful reset logs the user out (the server ended every session).
    if (useSessionStore.getState().isLogin) endSession(t('success.reset'));
    else void message.success(t('success.reset'));
    setPanel('login');
  };

  return (
    <Form<TForgotValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      className="auth-form"
      onFinish={handleFinish}
    >
      <Form.Item name="email" label={t('fields.email')} rules={rules.email} validateFirst required>
        <Input autoComplete="email" placeholder={t('fields.emailPlaceholder')} />
      </Form.Item>
      <CodeField form={form} formName={FORM_NAME} emailField="email" send={sendResetCode} />
      <NewPasswordFields name="password" labelKey="fields.newPassword" />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={reset.isPending}
        className="auth-form__submit"
      >
        {t('submit.forgotPassword')}
      </Button>
      <div className="login-dialog__switch">
        <Button type="link" onClick={() => setPanel('login')}>
          {t('toLogin')}
        </Button>
      </div>
    </Form>
  );
}
