import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { currentPathname, navigateHome } from '../../app/navigation';
import { PATHS } from '../../app/paths';
import { userKeys } from '../users/api';
import { endSession } from './session-actions';

/**
 * Ends the session and says so (SPEC 4): the success message always shows;
 * a non-home screen goes home with a login-expired warning. `successText`
 * replaces the logout message after a password change or reset.
 */
export function useEndSession(): (successText?: string) => void {
  const { message } = useFeedback();
  const { t } = useTranslation('nav');
  const queryClient = useQueryClient();

  return useCallback(
    (successText) => {
      endSession();
      queryClient.removeQueries({ queryKey: userKeys.all });
      void message.success(successText ?? t('logoutSuccess'));
      if (currentPathname() !== PATHS.home) {
        navigateHome();
        void message.warning(t('logoutExpiredNotice'));
      }
    },
    [message, t, queryClient],
  );
}

/** SPEC 4 Logout, after the confirmation dialog of SPEC 2. */
export function useLogout(): () => void {
  const { modal } = useFeedback();
  const { t } = useTranslation(['nav', 'common']);
  const end = useEndSession();

  return useCallback(() => {
    modal.confirm({
      title: t('logoutConfirmTitle'),
      content: t('logoutConfirmBody'),
      okText: t('logout'),
      cancelText: t('common:cancel'),
      onOk: () => end(),
    });
  }, [modal, t, end]);
}
