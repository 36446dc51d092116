import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useEnsureUserInfo } from '../features/users/use-ensure-user-info';
import { useSessionStore } from '../stores/session.store';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { RootDialogsSlot } from './root-dialogs';
import { useRouteSeo } from './use-route-seo';
import './layout/shell.css';

/**
 * Top of the route tree: page tags, the dialogs every screen can open, the
 * cache of top-level screens (the home shell and AI create), and the SPEC 4 check that a logged-in user's info is present.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const setActivePath = useSessionStore((state) => state.setActivePath);
  useRouteSeo();
  useEnsureUserInfo();

  useEffect(() => {
    setActivePath(pathname);
  }, [pathname, setActivePath]);

  return (
    <>
      <KeepAliveOutlet depth={1} />
      <RootDialogsSlot />
    </>
  );
}
