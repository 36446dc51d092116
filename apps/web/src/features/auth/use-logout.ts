import App from 'antd/es/app';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useSessionStore } from '../../stores/session.store';

/**
 * SPEC 4 Logout, after confirmation: clear the session and always say it
 * succeeded; non-home screens go home. The server logout call joins here when
 * the accounts API exists; it must not block the local clean-up.
 */
export function useLogout(): () => void {
  const { modal, message } = App.useApp();
  const { t } = useTranslation(['nav', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  return useCallback(() => {
    modal.confirm({
      title: t('logoutConfirmTitle'),
      content: t('logoutConfirmBody'),
      okText: t('logout'),
      cancelText: t('common:cancel'),
      onOk: () => {
        useSessionStore.getState().clearUser();
        void message.success(t('logoutSuccess'));
        if (pathname !== PATHS.home) navigate(PATHS.home);
      },
    });
  }, [modal, message, t, navigate, pathname]);
}
