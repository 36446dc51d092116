import type { TInfra, TModule } from '../../compose/module';
import type { StreamAuthenticator } from '../../kernel/request-auth';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';

export type TNotificationsNeeds = {
  /** Its tokens tell who opens a live count stream (EventSource sends no header). */
  auth: { tokens: StreamAuthenticator };
};

export type TNotificationsModule = TModule<{
  /** Written in the transaction of each action that notifies (ADR 0006). */
  service: NotificationsService;
}>;

/** Notifications, unread counts and their live stream (ADR 0006, 0048). */
export function notificationsModule(
  infra: Pick<TInfra, 'config' | 'db' | 'events' | 'clock' | 'log'>,
  needs: TNotificationsNeeds,
): TNotificationsModule {
  const { db, events, clock, log } = infra;
  const notifications = new NotificationsService({ db, events, clock, log });
  return {
    service: notifications,
    plugin: async (api) => {
      await api.register(notificationsRoutes, {
        service: notifications,
        events,
        authenticator: needs.auth.tokens,
        heartbeatMs: infra.config.liveHeartbeatMs,
      });
    },
  };
}
