import {
  LIMITS,
  type TNotificationKind,
  ZMarkReadRequest,
  ZNotificationListResponse,
  ZNotificationQuery,
  ZStreamQuery,
  ZSystemMessageRequest,
  ZSystemMessageResponse,
  ZUnreadResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../http/envelope';
import type { LiveEvents } from '../../lib/live-events';
import {
  type AccessAuthenticator,
  authenticateStream,
  authOf,
  requireAuth,
  requireRole,
} from '../auth/auth.guard';
import { LiveHub } from './live-hub';
import type { NotificationsService } from './notifications.service';

/** SPEC 7: one list path per kind of SPEC 2's Notifications screen. */
export const NOTIFICATION_LIST_PATHS: Record<TNotificationKind, string> = {
  comment: '/comment/belist',
  liked: '/works/like/belist',
  favor: '/favor/belist',
  follow: '/follow/user/belist',
  system: '/notify/sys_msg/pull',
};

export type TNotificationsRoutesOptions = {
  service: NotificationsService;
  events: LiveEvents;
  authenticator: AccessAuthenticator;
  heartbeatMs?: number;
};

export const notificationsRoutes: FastifyPluginAsyncZod<TNotificationsRoutesOptions> = async (
  app,
  { service, events, authenticator, heartbeatMs = LIMITS.liveHeartbeatMs },
) => {
  for (const [kind, url] of Object.entries(NOTIFICATION_LIST_PATHS) as [
    TNotificationKind,
    string,
  ][]) {
    app.get(
      url,
      {
        onRequest: requireAuth,
        schema: {
          tags: ['notifications'],
          summary: `The caller's ${kind} notifications, newest first`,
          description:
            'Listing does not mark them read (PUT /notify/read does). Items: who, what, on which ' +
            'work or comment, when, and is_read.',
          querystring: ZNotificationQuery,
          response: { 200: ZNotificationListResponse },
        },
      },
      async (request) => {
        const { data, total } = await service.list(
          authOf(request).userId,
          kind,
          request.query,
          request.locale,
        );
        return okList(data, total);
      },
    );
  }

  app.get(
    '/notify/unread',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Unread notifications per kind and in all (side navigation badges)',
        response: { 200: ZUnreadResponse },
      },
    },
    async (request) => ok(await service.unread(authOf(request).userId)),
  );

  app.put(
    '/notify/read',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the caller’s notifications of one kind (or all, or some ids) read',
        body: ZMarkReadRequest,
        response: { 200: ZUnreadResponse },
      },
    },
    async (request) => ok(await service.markRead(authOf(request).userId, request.body)),
  );

  app.post(
    '/notify/sys_msg',
    {
      onRequest: requireRole('moderator'),
      schema: {
        tags: ['notifications'],
        summary: 'Send a system message to one user (moderator) or to every user (admin)',
        body: ZSystemMessageRequest,
        response: { 200: ZSystemMessageResponse },
      },
    },
    async (request) => ok(await service.sendSystem(authOf(request), request.body)),
  );

  const hub = new LiveHub({
    events,
    unread: (userId) => service.unread(userId),
    authenticate: (token) => authenticator.authenticate(token),
    heartbeatMs,
    log: app.log,
  });
  app.addHook('preClose', async () => hub.closeAll());

  app.get(
    '/notify/stream',
    {
      // The access token may ride in the URL; keep URLs of this route out of the info log.
      logLevel: 'warn',
      schema: {
        tags: ['notifications'],
        summary: 'Live unread counts as Server-Sent Events',
        description:
          'EventSource cannot set headers, so the access token goes in ?token= (the ' +
          'Authorization header works too). Each message is `data: {"kind", "unread"}`: ' +
          'the counts on connecting, then whenever a notification arrives, is taken back or ' +
          'read; a comment line every 25 s keeps proxies from closing the stream. A stream ' +
          'whose session ended or token expired closes at its next event: reconnect with a ' +
          'fresh token.',
        querystring: ZStreamQuery,
      },
    },
    async (request, reply) => {
      const { auth, token } = await authenticateStream(request, authenticator);
      reply.hijack();
      await hub.open(auth, token, reply.raw);
    },
  );
};
