import { LIMITS } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import {
  authenticateStream,
  authOf,
  requireActive,
  requireAuth,
  type StreamAuthenticator,
} from '../../kernel/request-auth';
import type { LiveEvents } from '../../lib/live-events';
import { AiJobStreams } from './ai-job-streams';
import type { AiJobsService } from './ai-jobs.service';

/** How often an open job stream re-reads its job whatever signals arrived (a safety net). */
export const AI_STREAM_POLL_MS = 2_000;

export type TAiRoutesOptions = {
  service: AiJobsService;
  events: LiveEvents;
  authenticator: StreamAuthenticator;
  heartbeatMs?: number;
  pollMs?: number;
};

/** The AI API, our extension (SPEC 3 AI records, 4 progress, 5 input rules; ADR 0012). */
export const aiRoutes: FastifyPluginAsyncZod<TAiRoutesOptions> = async (
  app,
  {
    service,
    events,
    authenticator,
    heartbeatMs = LIMITS.liveHeartbeatMs,
    pollMs = AI_STREAM_POLL_MS,
  },
) => {
  // Answers carry the owner's signed file addresses (ADR 0051): no cache keeps them.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store');
  });

  app.route({
    ...endpoint('ai.features', {
      tags: ['ai'],
      summary: 'AI features with their cost in points, availability and the enabling setting',
    }),
    handler: async () => ok(service.features()),
  });

  app.route({
    ...endpoint('ai.create', {
      tags: ['ai'],
      summary: 'Start an AI job; its cost is charged now and refunded if it fails or is cancelled',
      description:
        "params are validated by the kind's schema. 429 beyond 2 active jobs or 30 an hour, " +
        '406 for sensitive words, 503 when no engine serves the kind (nothing is charged).',
    }),
    onRequest: requireActive,
    handler: async (request) =>
      ok(
        await service.create(
          authOf(request).userId,
          request.body.kind,
          request.body.params,
          request.locale,
        ),
      ),
  });

  app.route({
    ...endpoint('ai.list', {
      tags: ['ai'],
      summary: "The caller's AI records, newest first, paged with total (SPEC 3)",
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      const { data, total } = await service.list(
        authOf(request).userId,
        request.query,
        request.locale,
      );
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('ai.get', {
      tags: ['ai'],
      summary: 'One AI job with its SPEC 4 stage and percent (polling fallback to SSE)',
    }),
    onRequest: requireAuth,
    handler: async (request) =>
      ok(await service.get(authOf(request).userId, request.params.id, request.locale)),
  });

  const streams = new AiJobStreams({
    events,
    read: (ids) => service.readLive(ids),
    present: (job, locale) => service.present(job, locale),
    sessionAuth: (userId, sid) => authenticator.sessionAuth(userId, sid),
    heartbeatMs,
    pollMs,
    log: app.log,
  });
  // ADR 0054: ended with a reconnect hint as the instance starts draining.
  app.drain.onStart(() => streams.closeAll());
  app.addHook('preClose', async () => streams.closeAll());

  app.route({
    ...endpoint('ai.events', {
      tags: ['ai'],
      summary: "Live progress of one of the caller's AI jobs as Server-Sent Events (SPEC 4)",
      description:
        'Opened with ?ticket= (POST /user/stream_ticket; other clients may send the ' +
        'Authorization header) and the language of errorMessage in ?locale=zh|en ' +
        '(else Content-Language, Accept-Language, en). Each message is `data: <job>`, the ' +
        'same object GET /ai/jobs/{id} answers: once on connecting, then whenever its state, ' +
        'stage or percent changes, from whichever process runs the job. After the job ' +
        'succeeded, failed or was cancelled that message is the last and the server ends ' +
        'the stream: close the EventSource then, or it reconnects and gets the job once ' +
        'more. A comment line every 25 s keeps proxies from closing it; a deleted job or an ' +
        'ended session end it too (reconnect with a new ticket, or poll GET ' +
        '/ai/jobs/{id}). 401 without a valid ticket, 404 for a job that is not ' +
        "the caller's. A user's streams beyond 10 close their oldest.",
    }),
    // Long-lived: one line per stream in the info log says nothing useful.
    logLevel: 'warn',
    handler: async (request, reply) => {
      const auth = await authenticateStream(request, authenticator);
      // Another user's job or a missing one answers 404 in the envelope, before the stream.
      const job = await service.findOwnRow(auth.userId, request.params.id);
      const locale = request.query.locale ?? request.locale;
      reply.hijack();
      streams.open(auth, job, locale, reply.raw);
    },
  });

  app.route({
    ...endpoint('ai.cancel', {
      tags: ['ai'],
      summary: 'Cancel an AI job (SPEC 4); refunded in full when it ends without a result',
    }),
    onRequest: requireAuth,
    handler: async (request) =>
      ok(await service.cancel(authOf(request).userId, request.params.id, request.locale)),
  });

  app.route({
    ...endpoint('ai.delete', {
      tags: ['ai'],
      summary: 'Delete an AI record and its result files',
      description:
        'A queued or running job is cancelled (and refunded) first. The caller keeps result ' +
        'files another of their records or works still uses; stored files that nobody ' +
        'references any more are removed after the record is deleted.',
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      await service.remove(authOf(request).userId, request.params.id);
      return ok(null);
    },
  });
};
