import App from 'antd/es/app';
import Button from 'antd/es/button';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { useAuthRules } from './auth-rules';
import { useAuthFeedback } from './use-auth-feedback';
import { useCountdown } from './use-countdown';

interface TCodeFieldProps {
  form: FormInstance;
  formName: string;
  /** Name of the form's e-mail field, validated before a code is sent. */
  emailField: string;
  send: (email: string) => Promise<void>;
}

/**
 * SPEC 4: the e-mail code input with its get-code button. The 120 s countdown
 * starts with the request; an error in the send response (1002, 1003, 1004,
 * 429, network) stops it and resets the label.
 */
export function CodeField({ form, formName, emailField, send }: TCodeFieldProps) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const rules = useAuthRules();
  const showError = useAuthFeedback();
  const countdown = useCountdown();
  const inputId = `${formName}_code`;

  const handleSend = async () => {
    let email: string;
    try {
      const values = await form.validateFields([emailField]);
      email = String(values[emailField] ?? '').trim();
    } catch {
      return;
    }
    countdown.start();
    try {
      await send(email);
      void message.success(t('code.sent', { email }));
    } catch (error) {
      countdown.reset();
      showError(error, 'sendCode');
    }
  };

  const label =
    countdown.phase === 'running'
      ? t('code.countdown', { seconds: countdown.remaining })
      : countdown.phase === 'done'
        ? t('code.reget')
        : t('code.get');

  return (
    <Form.Item label={t('fields.emailCode')} htmlFor={inputId} required>
      <div className="auth-form__row">
        <Form.Item name="code" noStyle rules={rules.emailCode}>
          <Input
            id={inputId}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('fields.emailCodePlaceholder')}
          />
        </Form.Item>
        <Button
          className="code-button"
          onClick={handleSend}
          disabled={countdown.phase === 'running'}
          aria-live="polite"
        >
          {label}
        </Button>
      </div>
    </Form.Item>
  );
}
