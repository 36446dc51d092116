import App from 'antd/es/app';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session.store';
import { readRemember, readRememberedEmail, rememberLogin } from '../../stores/session-mirror';
import { useUiStore } from '../../stores/ui.store';
import { AgreementField } from './AgreementField';
import { useCaptcha, useLogin } from './api';
import { useAuthRules } from './auth-rules';
import { CaptchaField } from './CaptchaField';
import { encryptPasswords } from './password-crypto';
import { useAgreementGuard } from './use-agreement-guard';
import { useAuthFeedback } from './use-auth-feedback';
import { useCompleteLogin } from './use-complete-login';

type TLoginValues = {
  username: string;
  password: string;
  code?: string;
  isRemember: boolean;
  isAgree?: boolean;
};

const FORM_NAME = 'login';

/** SPEC 2 login panel: e-mail, password, captcha, remember-me and agreement. */
export function LoginPanel() {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<TLoginValues>();
  const rules = useAuthRules();
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
    form.setFieldValue('code', '');
    void captcha.refetch();
  };

  const handleFinish = async (values: TLoginValues) => {
    const code = values.code?.trim() ?? '';
    // SPEC 5: an empty captcha on login shows an alert.
    if (!code) {
      void message.warning(t('errors.captchaRequired'));
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
    <Form<TLoginValues>
      form={form}
      name={FORM_NAME}
      layout="vertical"
      className="auth-form"
      initialValues={{ username: readRememberedEmail(), isRemember: readRemember() }}
      onFinish={handleFinish}
    >
      <Form.Item
        name="username"
        label={t('fields.email')}
        rules={rules.email}
        validateFirst
        required
      >
        <Input autoComplete="username" placeholder={t('fields.emailPlaceholder')} />
      </Form.Item>
      <Form.Item name="password" label={t('fields.password')} rules={rules.password} validateFirst>
        <Input.Password
          autoComplete="current-password"
          placeholder={t('fields.passwordPlaceholder')}
        />
      </Form.Item>
      <CaptchaField
        formName={FORM_NAME}
        captcha={captcha.data}
        isLoading={captcha.isFetching}
        onRefresh={refreshCaptcha}
      />
      <Form.Item name="isRemember" valuePropName="checked" className="auth-form__remember">
        <Checkbox>{t('fields.remember')}</Checkbox>
      </Form.Item>
      <AgreementField />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={login.isPending || isLoginInProgress}
        className="auth-form__submit"
      >
        {t('submit.login')}
      </Button>
      <div className="login-dialog__switch">
        <Button type="link" onClick={() => setPanel('register')}>
          {t('toRegister')}
        </Button>
        <Button type="link" onClick={() => setPanel('forgotPassword')}>
          {t('toForgotPassword')}
        </Button>
      </div>
    </Form>
  );
}
