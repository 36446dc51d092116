import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

/**
 * SPEC 6: a visitor's like, collect, follow or comment opens the login dialog,
 * which brings them back to this screen. Returns true when the user may act.
 */
export function useLoginGuard(): () => boolean {
  const isLogin = useSessionStore((state) => state.isLogin);
  const openLogin = useUiStore((state) => state.openLogin);
  const { pathname, search } = useLocation();
  return useCallback(() => {
    if (isLogin) return true;
    openLogin(`${pathname}${search}`);
    return false;
  }, [isLogin, openLogin, pathname, search]);
}
