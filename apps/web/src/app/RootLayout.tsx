import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LoginDialog } from '../features/auth/LoginDialog';
import { LegalDialog } from '../features/legal/LegalDialog';
import { useSessionStore } from '../stores/session.store';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { NarrowWindowWarning } from './layout/NarrowWindowWarning';
import { useRouteSeo } from './use-route-seo';
import './layout/shell.css';

/**
 * Top of the route tree: page tags, the dialogs every screen can open, the
 * narrow-window warning, and the cache of top-level screens (the home shell
 * and AI create).
 */
export function RootLayout() {
  const { pathname } = useLocation();
  const setActivePath = useSessionStore((state) => state.setActivePath);
  useRouteSeo();

  useEffect(() => {
    setActivePath(pathname);
  }, [pathname, setActivePath]);

  return (
    <>
      <KeepAliveOutlet depth={1} />
      <NarrowWindowWarning />
      <LoginDialog />
      <LegalDialog />
    </>
  );
}
