import '../../i18n/lazy/auth';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { Checkbox, FormField, PasswordInput } from '../../components/ui/form-controls';
import { useForm } from '../../lib/forms/use-form';
import { useSessionStore } from '../../stores/session.store';
import { readRemember, readRememberedEmail, rememberLogin } from '../../stores/session-mirror';
import { useUiStore } from '../../stores/ui.store';
import { AgreementField } from './AgreementField';
import { useCaptcha, useLogin } from './api';
import { useAuthRules } from './auth-rules';
import { CaptchaField } from './CaptchaField';
import { EmailField } from './EmailField';
import { encryptPasswords } from './password-crypto';
import { useAgreementGuard } from './use-agreement-guard';
import { useAuthFeedback } from './use-auth-feedback';
import { useCompleteLogin } from './use-complete-login';

type TLoginValues = {
  username: string;
  password: string;
  code: string;
  isRemember: boolean;
  isAgree: boolean;
};

/** SPEC 2 login panel: e-mail, password, captcha, remember-me and agreement. */
export function LoginPanel() {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const rules = useAuthRules();
  const form = useForm<TLoginValues>({
    name: 'login',
    initialValues: {
      username: readRememberedEmail(),
      password: '',
      code: '',
      isRemember: readRemember(),
      isAgree: false,
    },
    rules: { username: rules.email, password: rules.password },
  });
  const captcha = useCaptcha();
  const login = useLogin();
  const showError = useAuthFeedback();
  const ensureAgreed = useAgreementGuard(form);
  const completeLogin = useCompleteLogin();
  const setPanel = useUiStore((state) => state.setLoginPanel);
  const isLoginInProgress = useSessionStore((state) => state.isLoginInProgress);

  // SPEC 8: 1001 'get captcha error'.
  useEffect(() => {
    if (captcha.error) showError(captcha.error, 'captcha');
  }, [captcha.error, showError]);

  const refreshCaptcha = () => {
    form.resetValue('code', '');
    void captcha.refetch();
  };

  const handleFinish = async (values: TLoginValues) => {
    const code = values.code.trim();
    // SPEC 5: an empty captcha on login shows an alert.
    if (!code) {
      message.warning(t('errors.captchaRequired'));
      return;
    }
    if (!(await ensureAgreed())) return;
    try {
      const username = values.username.trim();
      const { encryptionKey, encrypted } = await encryptPasswords({ password: values.password });
      const tokens = await login.mutateAsync({
        username,
        password: encrypted.password,
        code,
        uuid: captcha.data?.id ?? '',
        encryptionKey,
      });
      rememberLogin(values.isRemember, username);
      await completeLogin(tokens, t('success.login'));
    } catch (error) {
      showError(error, 'login');
      // SPEC 4: the captcha refreshes after any login failure.
      refreshCaptcha();
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={form.handleSubmit(handleFinish)}>
      <EmailField form={form} name="username" autoComplete="username" />
      <FormField label={t('fields.password')} {...form.frame('password')} isRequired>
        <PasswordInput
          {...form.field('password')}
          autoComplete="current-password"
          placeholder={t('fields.passwordPlaceholder')}
        />
      </FormField>
      <CaptchaField
        form={form}
        captcha={captcha.data}
        isLoading={captcha.isFetching}
        onRefresh={refreshCaptcha}
      />
      <Checkbox
        id={form.idOf('isRemember')}
        className="auth-form__remember"
        checked={form.values.isRemember}
        onChange={(checked) => form.setValue('isRemember', checked)}
      >
        {t('fields.remember')}
      </Checkbox>
      <AgreementField form={form} />
      <Button
        variant="primary"
        type="submit"
        block
        isLoading={login.isPending || isLoginInProgress}
        className="auth-form__submit"
      >
        {t('submit.login')}
      </Button>
      <div className="login-dialog__switch">
        <Button variant="link" onClick={() => setPanel('register')}>
          {t('toRegister')}
        </Button>
        <Button variant="link" onClick={() => setPanel('forgotPassword')}>
          {t('toForgotPassword')}
        </Button>
      </div>
    </form>
  );
}
