import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { FormField, PasswordInput } from '../../components/ui/form-controls';
import type { TForm } from '../../lib/forms/use-form';

type TPasswordValues = { confirmPassword: string } & (
  | { password: string }
  | { newPassword: string }
);

type TNewPasswordFieldsProps<TValues extends TPasswordValues> = {
  form: TForm<TValues>;
  /** The field holding the new password; `confirmPassword` must equal it (SPEC 5). */
  name: 'password' | 'newPassword';
  labelKey: 'fields.password' | 'fields.newPassword';
};

/**
 * A new password (SPEC 5: 8 to 20) and its confirmation: register, reset and
 * change share it. The rules are the form's (auth-rules.ts: newPassword and
 * confirm); the confirmation is checked again as the password changes.
 */
export function NewPasswordFields<TValues extends TPasswordValues>({
  form,
  name,
  labelKey,
}: TNewPasswordFieldsProps<TValues>) {
  const { t } = useTranslation('auth');
  const field = name as keyof TValues & string;
  return (
    <>
      <FormField label={t(labelKey)} {...form.frame(field)} isRequired>
        <PasswordInput
          {...form.field(field)}
          autoComplete="new-password"
          placeholder={t('fields.passwordPlaceholder')}
        />
      </FormField>
      <FormField label={t('fields.confirmPassword')} {...form.frame('confirmPassword')} isRequired>
        <PasswordInput
          {...form.field('confirmPassword')}
          autoComplete="new-password"
          placeholder={t('fields.confirmPlaceholder')}
        />
      </FormField>
    </>
  );
}
