import { LIMITS } from '@layerline/contract';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useFeedback } from '../../app/feedback';
import { isApiError } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { loadMyInfo } from './api';

/**
 * SPEC 4: user info is fetched if missing, at most once per 5 s. Missing
 * means logged in without a user id, e.g. after the login's 5 s fallback or a
 * session written before this tab rehydrated. Resolves false when skipped.
 */
export async function ensureUserInfo(onError: (error: unknown) => void): Promise<boolean> {
  const session = useSessionStore.getState();
  if (!session.isLogin || session.user.userId || session.isLoginInProgress) return false;
  if (Date.now() - session.userInfoRequestedAt < LIMITS.userInfoRefetchMs) return false;
  try {
    await loadMyInfo();
  } catch (error) {
    onError(error);
  }
  return true;
}

/** Runs the check on every route change and whenever the login state changes. */
export function useEnsureUserInfo(): void {
  const { message } = useFeedback();
  const { pathname } = useLocation();
  const isLogin = useSessionStore((state) => state.isLogin);
  const userId = useSessionStore((state) => state.user.userId);
  const isLoginInProgress = useSessionStore((state) => state.isLoginInProgress);

  useEffect(() => {
    if (!isLogin || userId || isLoginInProgress || !pathname) return;
    // SPEC 8: user-info errors show as an error message; the client has
    // already reported transport failures and the expired session.
    void ensureUserInfo((error) => {
      if (isApiError(error) && error.kind === 'business') void message.error(error.message);
    });
  }, [isLogin, userId, isLoginInProgress, pathname, message]);
}
