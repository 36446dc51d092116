import '../../i18n/lazy/auth';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { Button } from '../../components/ui/Button';
import { FormField, PasswordInput } from '../../components/ui/form-controls';
import { useForm } from '../../lib/forms/use-form';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { useChangePassword } from './api';
import { useAuthRules } from './auth-rules';
import { NewPasswordFields } from './NewPasswordFields';
import { encryptPasswords } from './password-crypto';
import { useAuthFeedback } from './use-auth-feedback';
import { useEndSession } from './use-logout';

type TSetPasswordValues = {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/**
 * SPEC 2 change-password panel, opened from the More menu's account manage.
 * The contract accepts the three passwords encrypted like the other forms
 * when `encryptionKey` is sent, so they never travel as plain text.
 */
export function SetPasswordPanel() {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  const form = useForm<TSetPasswordValues>({
    name: 'setPassword',
    initialValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    rules: {
      oldPassword: rules.oldPassword,
      newPassword: rules.newPassword,
      confirmPassword: rules.confirm('newPassword'),
    },
  });
  const change = useChangePassword();
  const showError = useAuthFeedback();
  const endSession = useEndSession();
  const setPanel = useUiStore((state) => state.setLoginPanel);
  const closeLogin = useUiStore((state) => state.closeLogin);
  const myId = useSessionStore((state) => state.user.userId);

  const handleFinish = async (values: TSetPasswordValues) => {
    try {
      const { encryptionKey, encrypted } = await encryptPasswords(values);
      await change.mutateAsync({ ...encrypted, encryptionKey });
    } catch (error) {
      showError(error, 'changePassword');
      return;
    }
    // SPEC 4: a successful password change logs the user out; the dialog
    // stays open on the login panel for the new password.
    endSession(t('success.changed'));
    setPanel('login');
  };

  const handleEditProfile = () => {
    closeLogin();
    navigateTo(PATHS.editProfile(myId));
  };

  return (
    <form className="auth-form" noValidate onSubmit={form.handleSubmit(handleFinish)}>
      <FormField label={t('fields.oldPassword')} {...form.frame('oldPassword')} isRequired>
        <PasswordInput {...form.field('oldPassword')} autoComplete="current-password" />
      </FormField>
      <NewPasswordFields form={form} name="newPassword" labelKey="fields.newPassword" />
      <Button
        variant="primary"
        type="submit"
        block
        isLoading={change.isPending}
        className="auth-form__submit"
      >
        {t('submit.setPassword')}
      </Button>
      <div className="login-dialog__switch">
        {myId && (
          <Button variant="link" onClick={handleEditProfile}>
            {t('toEditProfile')}
          </Button>
        )}
        <Button variant="link" onClick={() => setPanel('forgotPassword')}>
          {t('toForgotPassword')}
        </Button>
      </div>
    </form>
  );
}
