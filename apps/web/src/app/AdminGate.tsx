import { lazy, Suspense } from 'react';
import { useMyProfile } from '../features/users/api';
import { canModerate, useSessionStore } from '../stores/session.store';
import { NotFoundPage } from './NotFoundPage';
import { RouteLoading } from './RouteLoading';

/** The console's own chunk (code and strings), fetched only for moderators and admins. */
const AdminConsole = lazy(async () => ({
  default: (await import('../features/admin/AdminConsole')).AdminConsole,
}));

/**
 * /admin (ADR 0014): moderators and admins get the moderation console; users
 * and visitors get the 404 page, as for any address that is not theirs (the
 * API answers them 403 or 401 anyway). The role is the session's, asked of
 * getinfo again here, so one promoted since logging in gets in at once.
 */
export function AdminGate() {
  useMyProfile();
  const isLogin = useSessionStore((state) => state.isLogin);
  const role = useSessionStore((state) => state.user.role);
  if (!isLogin || !canModerate(role)) return <NotFoundPage />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <AdminConsole />
    </Suspense>
  );
}
