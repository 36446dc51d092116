import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { FormField, TextInput } from '../../components/ui/form-controls';
import { Spinner } from '../../components/ui/Spinner';
import type { TForm } from '../../lib/forms/use-form';
import type { TCaptcha } from './api';

interface TCaptchaFieldProps {
  form: TForm<{ code: string }>;
  captcha: TCaptcha | undefined;
  isLoading: boolean;
  onRefresh: () => void;
}

/**
 * SPEC 2 login panel: the captcha answer beside its image; a click on the
 * image draws a new one. Emptiness is checked on submit (SPEC 5: an alert),
 * not by a field rule.
 */
export function CaptchaField({ form, captcha, isLoading, onRefresh }: TCaptchaFieldProps) {
  const { t } = useTranslation('auth');
  return (
    <FormField label={t('fields.captcha')} {...form.frame('code')} isRequired>
      <div className="auth-form__row">
        <TextInput
          {...form.field('code')}
          autoComplete="off"
          maxLength={16}
          placeholder={t('fields.captchaPlaceholder')}
        />
        <button
          type="button"
          className="captcha-image"
          onClick={onRefresh}
          aria-label={t('captcha.refresh')}
          title={t('captcha.refresh')}
          aria-busy={isLoading}
        >
          {captcha?.image ? (
            <img src={captcha.image} alt="" />
          ) : isLoading ? (
            <span role="status" aria-label={t('captcha.loading')}>
              <Spinner size="small" />
            </span>
          ) : (
            <span className="captcha-image__retry">{t('captcha.retry')}</span>
          )}
        </button>
      </div>
    </FormField>
  );
}
