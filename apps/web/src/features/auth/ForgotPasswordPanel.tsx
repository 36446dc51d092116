import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { useForm } from '../../lib/forms/use-form';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { sendResetCode, useResetPassword } from './api';
import { useAuthRules } from './auth-rules';
import { CodeField } from './CodeField';
import { EmailField } from './EmailField';
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

/** SPEC 2 forgot-password panel: a new password set with the e-mail code. */
export function ForgotPasswordPanel() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const rules = useAuthRules();
  const form = useForm<TForgotValues>({
    name: 'forgotPassword',
    initialValues: { email: '', password: '', confirmPassword: '', code: '' },
    rules: {
      email: rules.email,
      code: rules.emailCode,
      password: rules.newPassword,
      confirmPassword: rules.confirm('password'),
    },
  });
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
    else message.success(t('success.reset'));
    setPanel('login');
  };

  return (
    <form className="auth-form" noValidate onSubmit={form.handleSubmit(handleFinish)}>
      <EmailField form={form} name="email" autoComplete="email" />
      <CodeField form={form} emailField="email" send={sendResetCode} />
      <NewPasswordFields form={form} name="password" labelKey="fields.newPassword" />
      <Button
        variant="primary"
        type="submit"
        block
        isLoading={reset.isPending}
        className="auth-form__submit"
      >
        {t('submit.forgotPassword')}
      </Button>
      <div className="login-dialog__switch">
        <Button variant="link" onClick={() => setPanel('login')}>
          {t('toLogin')}
        </Button>
      </div>
    </form>
  );
}
