import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import { FormField, TextInput } from '../../components/ui/form-controls';
import type { TForm } from '../../lib/forms/use-form';
import { useAuthFeedback } from './use-auth-feedback';
import { useCountdown } from './use-countdown';

type TCodeValues = { code: string } & ({ username: string } | { email: string });

interface TCodeFieldProps<TValues extends TCodeValues> {
  form: TForm<TValues>;
  /** Name of the form's e-mail field, checked before a code is sent. */
  emailField: 'username' | 'email';
  send: (email: string) => Promise<void>;
}

/**
 * SPEC 4: the e-mail code input with its get-code button. The 120 s countdown
 * starts with the request; an error in the send response (1002, 1003, 1004,
 * 429, network) stops it and resets the label.
 */
export function CodeField<TValues extends TCodeValues>({
  form,
  emailField,
  send,
}: TCodeFieldProps<TValues>) {
  const { t } = useTranslation('auth');
  const { message } = useFeedback();
  const showError = useAuthFeedback();
  const countdown = useCountdown();
  const emailKey = emailField as keyof TValues & string;

  const handleSend = async () => {
    const values = form.validate([emailKey]);
    if (!values) return;
    const email = String(values[emailKey] ?? '').trim();
    countdown.start();
    try {
      await send(email);
      message.success(t('code.sent', { email }));
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
    <FormField label={t('fields.emailCode')} {...form.frame('code')} isRequired>
      <div className="auth-form__row">
        <TextInput
          {...form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('fields.emailCodePlaceholder')}
        />
        <Button
          className="code-button"
          onClick={handleSend}
          disabled={countdown.phase === 'running'}
          aria-live="polite"
        >
          {label}
        </Button>
      </div>
    </FormField>
  );
}
