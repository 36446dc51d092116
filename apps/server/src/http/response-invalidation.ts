import { API_PREFIX, API_ROUTES, type TApiRouteName } from '@layerline/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDatabaseKind } from '../db/client';
import type { LiveEvents } from '../lib/live-events';
import type { TInvalidation } from '../lib/tagged-cache';

/**
 * Which writes change what the caches show (ADR 0018), judged by route:
 * likes, favours and work comments change one work's counters; writes of
 * works, moderation, the admin console, profiles and the catalogue may move
 * any page. Other writes (sign-in, uploads, AI jobs, notifications, posts)
 * show in no cached answer.
 */
const ONE_WORK = new Set([
  '/api/v1/works/like/:id',
  '/api/v1/favor/:id',
  '/api/v1/comment/put_comment',
]);
/**
 * Writes under an ANY_PAGE prefix that change nothing a kept answer shows:
 * probing an AI provider from the console reads its configuration and calls
 * the provider, and must not drop every kept page on every instance.
 */
const NO_KEPT_ANSWER: TApiRouteName[] = ['admin.checkAiProvider'];
const NO_KEPT_ANSWER_URLS = new Set(
  NO_KEPT_ANSWER.map((name) => `${API_PREFIX}${API_ROUTES[name].path}`),
);
const ANY_PAGE = [
  '/api/v1/works',
  '/api/v1/moderation/',
  '/api/v1/admin/',
  '/api/v1/user/updateInfo',
  '/api/v1/collection/',
  '/api/v1/banner/',
  '/api/v1/categroy/',
  '/api/v1/material/',
  '/api/v1/comment/delete/',
];

export function invalidationOfWrite(request: FastifyRequest): TInvalidation | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.method === 'OPTIONS') {
    return undefined;
  }
  const url = request.routeOptions.url ?? '';
  if (NO_KEPT_ANSWER_URLS.has(url)) return undefined;
  if (ONE_WORK.has(url)) {
    const params = request.params as { id?: unknown } | undefined;
    const body = request.body as { work_id?: unknown } | undefined;
    const id = Number(params?.id ?? body?.work_id);
    return Number.isInteger(id) ? { workIds: [id] } : { workIds: 'all' };
  }
  return ANY_PAGE.some((prefix) => url === prefix || url.startsWith(prefix))
    ? { workIds: 'all' }
    : undefined;
}

export type TInvalidationDeps = {
  events: LiveEvents;
  /** Drops what a change touches in every cache of this instance. */
  invalidate: (change: TInvalidation) => void;
  /** works_feed_version now (ADR 0007): triggers move it on every publish, hide, delete, re-categorisation. */
  feedVersion: () => Promise<number>;
  /** How often the version is read; writes made outside HTTP (workers, the CLI) show within it. */
  pollMs?: number;
  onError: (error: unknown) => void;
};

export const FEED_VERSION_POLL_MS = 1000;
/**
 * The poll on the embedded database (PGlite). Its data directory is open in
 * this process alone, where every change of the published set comes through
 * an HTTP write that drops what it touches before answering (the in-process
 * AI worker writes jobs and files, no work), so the poll is only a safety net
 * there; each read cost PGlite tens of ms of CPU, most of an idle server's
 * (docs/PERFORMANCE.md, "An idle server on the embedded database"). Half the
 * kept answers' lifetime (RESPONSE_CACHE_TTL_MS).
 */
export const EMBEDDED_FEED_VERSION_POLL_MS = 30_000;

/** How often an instance on this kind of database reads the feed version. */
export function feedVersionPollMs(kind: TDatabaseKind): number {
  return kind === 'pglite' ? EMBEDDED_FEED_VERSION_POLL_MS : FEED_VERSION_POLL_MS;
}

/**
 * A successful write invalidates this instance before its answer leaves (so
 * the writer's next read sees it, SPEC 3 publish) and tells the other
 * instances over the `responses` live topic (Redis pub/sub with REDIS_URL).
 * Every instance also reads works_feed_version each second, which catches
 * publishes, hides and deletes made by any process.
 */
export function registerInvalidation(app: FastifyInstance, deps: TInvalidationDeps): void {
  const stop = deps.events.subscribe('responses', (change) => deps.invalidate(change));
  /** The feed version the kept answers reflect; it only grows (a counter). */
  let version: number | undefined;
  const reflects = (now: number) => {
    version = version === undefined ? now : Math.max(version, now);
  };
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400) return payload;
    const change = invalidationOfWrite(request);
    if (!change) return payload;
    if (change.workIds === 'all') {
      // Read before dropping: every change up to this version is covered by
      // this drop, so the poll does not drop the answers kept since a second
      // time. A change committed after the read moves the version past it.
      const now = await deps.feedVersion().catch((error: unknown) => {
        deps.onError(error);
        return undefined;
      });
      deps.invalidate(change);
      if (now !== undefined) reflects(now);
    } else deps.invalidate(change);
    deps.events.publish('responses', change).catch(deps.onError);
    return payload;
  });
  let isPolling = false;
  const poll = async () => {
    if (isPolling) return;
    isPolling = true;
    try {
      const now = await deps.feedVersion();
      // An older read (begun before a write's) never drops or goes back.
      if (version !== undefined && now > version) deps.invalidate({ workIds: 'all' });
      reflects(now);
    } catch (error) {
      deps.onError(error);
    } finally {
      isPolling = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await poll();
    timer = setInterval(poll, deps.pollMs ?? FEED_VERSION_POLL_MS);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    stop();
  });
}
