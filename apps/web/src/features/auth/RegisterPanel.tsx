import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button';
import { useForm } from '../../lib/forms/use-form';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { AgreementField } from './AgreementField';
import { sendRegisterCode, useRegister } from './api';
import { useAuthRules } from './auth-rules';
import { CodeField } from './CodeField';
import { EmailField } from './EmailField';
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
  isAgree: boolean;
};

/**
 * SPEC 2 register panel. DESIGN 3: `code` is the 6-digit e-mail code and the
 * answer carries tokens, so a new account is logged in straight away.
 */
export function RegisterPanel() {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  const form = useForm<TRegisterValues>({
    name: 'register',
    initialValues: { username: '', password: '', confirmPassword: '', code: '', isAgree: false },
    rules: {
      username: rules.email,
      password: rules.newPassword,
      confirmPassword: rules.confirm('password'),
      code: rules.emailCode,
    },
  });
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
    <form className="auth-form" noValidate onSubmit={form.handleSubmit(handleFinish)}>
      <EmailField form={form} name="username" autoComplete="email" />
      <NewPasswordFields form={form} name="password" labelKey="fields.password" />
      <CodeField form={form} emailField="username" send={sendRegisterCode} />
      <AgreementField form={form} />
      <Button
        variant="primary"
        type="submit"
        block
        isLoading={register.isPending || isLoginInProgress}
        className="auth-form__submit"
      >
        {t('submit.register')}
      </Button>
      <div className="login-dialog__switch">
        <Button variant="link" onClick={() => setPanel('login')}>
          {t('toLogin')}
        </Button>
      </div>
    </form>
  );
}
