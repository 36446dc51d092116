import { API_ROUTES, LIMITS, type TNotificationKind } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import {
  authenticateStream,
  authOf,
  requireAuth,
  requireRole,
  type StreamAuthenticator,
} from '../../kernel/request-auth';
import type { LiveEvents } from '../../lib/live-events';
import { LiveHub } from './live-hub';
import type { NotificationsService } from './notifications.service';

/** SPEC 7: one list endpoint per kind of SPEC 2's Notifications screen. */
export const NOTIFICATION_LIST_ENDPOINTS = {
  comment: 'notifications.comments',
  liked: 'notifications.likes',
  favor: 'notifications.favors',
  follow: 'notifications.follows',
  system: 'notifications.system',
} as const satisfies Record<TNotificationKind, keyof typeof API_ROUTES>;

/** The list paths (below /api/v1) per kind. */
export const NOTIFICATION_LIST_PATHS = Object.fromEntries(
  Object.entries(NOTIFICATION_LIST_ENDPOINTS).map(([kind, name]) => [kind, API_ROUTES[name].path]),
) as Record<TNotificationKind, string>;

export type TNotificationsRoutesOptions = {
  service: NotificationsService;
  events: LiveEvents;
  authenticator: StreamAuthenticator;
  heartbeatMs?: number;
};

export const notificationsRoutes: FastifyPluginAsyncZod<TNotificationsRoutesOptions> = async (
  app,
  { service, events, authenticator, heartbeatMs = LIMITS.liveHeartbeatMs },
) => {
  for (const [kind, name] of Object.entries(NOTIFICATION_LIST_ENDPOINTS) as [
    TNotificationKind,
    (typeof NOTIFICATION_LIST_ENDPOINTS)[TNotificationKind],
  ][]) {
    app.route({
      ...endpoint(name, {
        tags: ['notifications'],
        summary: `The caller's ${kind} notifications, newest first`,
        description:
          'Listing does not mark them read (PUT /notify/read does). Items: who, what, on which ' +
          'work or comment, when, and is_read.',
      }),
      onRequest: requireAuth,
      handler: async (request) => {
        const { data, total } = await service.list(
          authOf(request).userId,
          kind,
          request.query,
          request.locale,
        );
        return okList(data, total);
      },
    });
  }

  app.route({
    ...endpoint('notifications.unread', {
      tags: ['notifications'],
      summary: 'Unread notifications per kind and in all (side navigation badges)',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.unread(authOf(request).userId)),
  });

  app.route({
    ...endpoint('notifications.read', {
      tags: ['notifications'],
      summary: 'Mark the caller’s notifications of one kind (or all, or some ids) read',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.markRead(authOf(request).userId, request.body)),
  });

  app.route({
    ...endpoint('notifications.sendSystem', {
      tags: ['notifications'],
      summary: 'Send a system message to one user (moderator) or to every user (admin)',
    }),
    onRequest: requireRole('moderator'),
    handler: async (request) => ok(await service.sendSystem(authOf(request), request.body)),
  });

  const hub = new LiveHub({
    events,
    unread: (userId) => service.unread(userId),
    sessionAuth: (userId, sid) => authenticator.sessionAuth(userId, sid),
    heartbeatMs,
    log: app.log,
  });
  // ADR 0054: ended with a reconnect hint as the instance starts draining.
  app.drain.onStart(() => hub.closeAll());
  app.addHook('preClose', async () => hub.closeAll());

  app.route({
    ...endpoint('notifications.stream', {
      tags: ['notifications'],
      summary: 'Live unread counts as Server-Sent Events',
      description:
        'Opened with ?ticket= (POST /user/stream_ticket: EventSource cannot set headers, and ' +
        'an access token in a URL stays in access logs; other clients may send the ' +
        'Authorization header). Each message is `data: {"kind", "unread"}`: ' +
        'the counts on connecting, then whenever a notification arrives, is taken back or ' +
        'read; a comment line every 25 s keeps proxies from closing the stream. A stream ' +
        'whose session ended closes at its next event: reconnect with a new ticket.',
    }),
    // Long-lived: one line per stream in the info log says nothing useful.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const auth = await authenticateStream(request, authenticator);
      reply.hijack();
      await hub.open(auth, reply.raw);
    },
  });
};
