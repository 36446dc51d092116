import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { FormField, TextInput } from '../../components/ui/form-controls';
import type { TForm } from '../../lib/forms/use-form';

type TEmailValues = { username: string } | { email: string };

/**
 * The e-mail field of the login, register and reset panels (SPEC 2): an
 * e-mail keyboard on a phone, checked by the form's e-mail rule (SPEC 5).
 */
export function EmailField<TValues extends TEmailValues>({
  form,
  name,
  autoComplete,
}: {
  form: TForm<TValues>;
  name: 'username' | 'email';
  /** 'username' where the browser should offer saved logins, else 'email'. */
  autoComplete: 'username' | 'email';
}) {
  const { t } = useTranslation('auth');
  const field = name as keyof TValues & string;
  return (
    <FormField label={t('fields.email')} {...form.frame(field)} isRequired>
      <TextInput
        {...form.field(field)}
        type="email"
        autoComplete={autoComplete}
        placeholder={t('fields.emailPlaceholder')}
      />
    </FormField>
  );
}
