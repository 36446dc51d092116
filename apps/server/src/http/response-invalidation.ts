import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TDatabaseKind } from '../db/client';
import { COUNTING_READS, isCountingRead, isWriteRoute, WRITES } from './freshness';
import type {
  TChange,
  TChangeLookups,
  TMoves,
  TParamsOf,
  TTag,
  TWriteRouteName,
  TWritten,
} from './freshness-tags';
import { endpointNameOf } from './response-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** A write's answer before serialisation, for the tags that name what it created. */
    writtenAnswer?: unknown;
    /** Set by a GET of COUNTING_READS when it moved its figure (a download that counted). */
    figureMoved?: boolean;
  }
}

/**
 * The tags a successful write changes (ADR 0044), from the freshness table
 * by the contract endpoint the route was registered from; undefined when it
 * changes nothing kept. A GET changes something only when it moved a figure
 * (COUNTING_READS). A route of no endpoint (none under /api/v1, ADR 0021)
 * writes nothing kept.
 */
export async function tagsOfWrite(
  request: FastifyRequest,
  look: TChangeLookups,
): Promise<TTag[] | undefined> {
  const name = endpointNameOf(request.routeOptions.schema);
  if (!name) return undefined;
  if (request.method === 'GET') {
    if (!request.figureMoved || !isCountingRead(name)) return undefined;
    const moves = COUNTING_READS[name] as TMoves<typeof name>;
    return [...moves({ params: request.params as TParamsOf<typeof name> })];
  }
  if (!isWriteRoute(name)) return undefined;
  const change = WRITES[name] as TChange<TWriteRouteName>;
  if (change === 'nothing') return undefined;
  // Validated by the route's schemas before its handler ran (ADR 0021).
  const written = {
    params: request.params,
    body: request.body,
    answer: (request.writtenAnswer as { data?: unknown } | undefined)?.data,
    writer: request.auth?.userId ?? null,
    look,
  } as TWritten<TWriteRouteName>;
  const tags = await change(written);
  return tags.filter((found): found is TTag => found !== undefined);
}

export type TInvalidationDeps = {
  look: TChangeLookups;
  /** Drops what a change touches here and on every other instance; settles once published. */
  drop: (change: 'all' | readonly TTag[]) => Promise<void>;
  onError: (error: unknown) => void;
};

/**
 * A successful write (or a GET that moved a figure) drops what it changed on
 * this instance and publishes the drop to the others before its answer
 * leaves (so the writer's next read sees it, SPEC 3 publish, wherever it
 * lands).
 */
export function registerInvalidation(app: FastifyInstance, deps: TInvalidationDeps): void {
  app.decorateRequest('writtenAnswer', undefined);
  app.decorateRequest('figureMoved', false);
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.method !== 'GET') request.writtenAnswer = payload;
    return payload;
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method === 'HEAD' || request.method === 'OPTIONS') return payload;
    if (request.method === 'GET' && !request.figureMoved) return payload;
    if (reply.statusCode >= 400) return payload;
    try {
      const tags = await tagsOfWrite(request, deps.look);
      if (tags && tags.length > 0) await deps.drop(tags);
    } catch (error) {
      // A lookup that fails must not leave anything stale: everything goes.
      deps.onError(error);
      await deps.drop('all').catch(deps.onError);
    }
    return payload;
  });
}

export type TFeedVersionPollDeps = {
  /** works_feed_version now (ADR 0007): triggers move it on every publish, hide, delete, re-categorisation. */
  feedVersion: () => Promise<number>;
  /** Drops everything kept on this instance. */
  dropAll: () => void;
  /** How often the version is read, asked at start; writes made outside HTTP (workers, the CLI) show within it. */
  pollMs: () => number;
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
 * Every instance reads works_feed_version on a timer, which catches
 * publishes, hides and deletes made by any process, HTTP or not: when it
 * moved, everything kept goes (which entities changed is not known). A
 * publish through HTTP is dropped by its tags at once, and again in full by
 * the next read.
 */
export function registerFeedVersionPoll(app: FastifyInstance, deps: TFeedVersionPollDeps): void {
  /** The feed version the kept answers reflect; it only grows (a counter). */
  let version: number | undefined;
  let isPolling = false;
  const poll = async () => {
    if (isPolling) return;
    isPolling = true;
    try {
      const now = await deps.feedVersion();
      // An older read (begun before a write's) never drops or goes back.
      if (version !== undefined && now > version) deps.dropAll();
      version = version === undefined ? now : Math.max(version, now);
    } catch (error) {
      deps.onError(error);
    } finally {
      isPolling = false;
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await poll();
    timer = setInterval(poll, deps.pollMs());
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
