import Button from 'antd/es/button';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../../app/navigation';
import { PATHS } from '../../app/paths';
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
  const [form] = Form.useForm<TSetPasswordValues>();
  const rules = useAuthRules();
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
    <Form<TSetPasswordValues>
      form={form}
      name="setPassword"
      layout="vertical"
      className="auth-form"
      onFinish={handleFinish}
    >
      <Form.Item
        name="oldPassword"
        label={t('fields.oldPassword')}
        rules={rules.oldPassword}
        validateFirst
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields name="newPassword" labelKey="fields.newPassword" />
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={change.isPending}
        className="auth-form__submit"
      >
        {t('submit.setPassword')}
      </Button>
      <div className="login-dialog__switch">
        {myId && (
          <Button type="link" onClick={handleEditProfile}>
            {t('toEditProfile')}
          </Button>
        )}
        <Button type="link" onClick={() => setPanel('forgotPassword')}>
          {t('toForgotPassword')}
        </Button>
      </div>
    </Form>
  );
}
