import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { makeRoom } from '../lib/bounded';
import type { TClock } from '../lib/clock';
import { TaggedCache } from '../lib/tagged-cache';
import { addVary, COMPRESS_MIN_BYTES, compress, negotiateEncoding } from './compression';
import { ENDPOINT_NAME } from './endpoint';
import { isKeptRoute, KEPT_READS } from './freshness';
import type { TShown, TShows } from './freshness-tags';
import {
  personalDetailOf,
  personalisedDetail,
  type TPersonalDetail,
  type TReaderOfWork,
} from './personal-detail';
import { readerBytes, type TReaderText, type TReaderVariants } from './reader-bytes';

/**
 * Anonymous answers from memory (ADR 0018): a route that opts in with
 * `config.responseCache` has its 200 answer to a visitor kept as ready bytes
 * (raw, brotli and gzip) with a weak ETag, keyed by locale and URL, until a
 * change of an entity it shows (its KEPT_READS tags, ADR 0044) or its time to
 * live.
 * A signed-in reader of a `personal: 'likes'` route gets the same cached
 * page with their own `is_like` flags, read for its works alone; when it is
 * not kept, the visitor's answer is asked for once and kept first, so readers
 * who are all signed in still share it. Other routes answer signed-in readers
 * as before, never from or into the cache.
 */
export type TResponseCacheRule = {
  /** Whether this request's answer may be kept (its query, not its viewer); always when absent. */
  when?: (request: FastifyRequest) => boolean;
  /**
   * What a signed-in reader gets put in the kept answer: `likes`, a list of
   * work cards' `is_like` (personalPageOf); `detail`, a work detail's flags
   * (personalDetailOf, ADR 0065).
   */
  personal?: 'likes' | 'detail';
  /**
   * Work this request still needs when it is answered from memory (ADR 0036:
   * a search is recorded, SPEC 4), or undefined when it needs none. A
   * signed-in reader's miss on a request with such work is answered by the
   * route, which does it: a visitor's request to fill the cache would do it
   * once more.
   */
  perRequest?: (request: FastifyRequest) => (() => Promise<void>) | undefined;
  /**
   * Whether this request's answer is kept only from its second ask (ADR
   * 0037): most search texts are typed once, and keeping each cost more than
   * serving it and pushed the feed's pages out. A visitor's first ask is
   * answered by the route and remembered; the next one is kept.
   */
  keepWhenRepeated?: (request: FastifyRequest) => boolean;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** ADR 0018: this GET's visitor answer may be served from memory. */
    responseCache?: TResponseCacheRule;
  }
  interface FastifyRequest {
    /** Set on a visitor's cache miss: where and from which generation its answer is stored. */
    responseCacheFill?: { key: string; generation: number };
  }
}

export type TCachedResponse = {
  etag: string;
  contentType: string;
  raw: Buffer;
  /** Compressed when first asked for (ADR 0036): a search kept but never repeated costs one. */
  br?: Buffer;
  gzip?: Buffer;
  /** A kept list's cards apart, where a signed-in reader's flags go (personal routes only). */
  personal?: TPersonalPage;
  /** A kept work detail, where a signed-in reader's flags go (ADR 0065). */
  detail?: TPersonalDetail;
  /** Signed-in readers' answers from this one, by their flags (readerBytes). */
  readers?: TReaderVariants;
};

/**
 * A kept list taken apart by its structure (ADR 0044): the envelope's JSON
 * before and after the card array, and each card serialised as the visitor
 * sees it and as a reader who likes it does. A reader's page is these parts
 * joined, the same bytes the route gives them, without serialising the page.
 */
export type TPersonalPage = {
  head: string;
  cards: { id: number; plain: string; liked: string }[];
  tail: string;
};

type TCardList = { data: { id: number; is_like?: boolean }[] } & Record<string, unknown>;

/** The viewer's liked works among `ids` (SocialReader.likedAmong). */
export type TLikedAmong = (userId: number, ids: number[]) => Promise<Set<number>>;

export type TResponseCacheOptions = {
  clock: TClock;
  likedAmong: TLikedAmong;
  /** A reader's flags on a work's detail, for `personal: 'detail'` routes (ADR 0065). */
  readerOfWork?: TReaderOfWork;
  /** Distinct answers kept (each a few KiB to a few tens of KiB, three encodings). */
  maxEntries?: number;
  /** The longest a kept answer is served without a signal (ADR 0018: counts no signal covers). */
  ttlMs?: number;
};

export const RESPONSE_CACHE_TTL_MS = 60_000;

/** Keys asked for once and remembered for keepWhenRepeated (ADR 0037), about 1 MiB at most. */
export const ASKED_ONCE_MAX = 10_000;

/** The list pages kept (ADR 0018): the first few a reader scrolls through. */
export const EARLY_PAGES = 5;

export function isEarlyListPage(request: FastifyRequest): boolean {
  const page = Number((request.query as { page?: unknown } | undefined)?.page ?? 1);
  return page <= EARLY_PAGES;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

export class ResponseCache {
  readonly entries: TaggedCache<TCachedResponse>;
  /** Visitor answers being asked for on a signed-in reader's miss, by key: one at a time each. */
  private readonly visitorFills = new Map<string, Promise<TCachedResponse | undefined>>();
  /** Keys of keepWhenRepeated answers asked for once, oldest first (ADR 0037). */
  private readonly askedOnce = new Set<string>();

  constructor(private readonly options: TResponseCacheOptions) {
    this.entries = new TaggedCache({
      clock: options.clock,
      maxEntries: options.maxEntries ?? 2000,
      ttlMs: options.ttlMs ?? RESPONSE_CACHE_TTL_MS,
    });
  }

  /**
   * Whether `key` was asked for before (ADR 0037); remembers it otherwise.
   * The oldest of ASKED_ONCE_MAX keys is forgotten first: a text typed once
   * long ago is kept from its next ask after that one.
   */
  askedBefore(key: string): boolean {
    if (this.askedOnce.has(key)) return true;
    makeRoom(this.askedOnce, ASKED_ONCE_MAX);
    this.askedOnce.add(key);
    return false;
  }

  /** Kept answers differ by locale (messages, names) and by the whole URL with its query. */
  keyOf(request: FastifyRequest): string {
    return `${request.locale}\0${request.url}`;
  }

  /**
   * Keeps an answer, named by the tags it shows (KEPT_READS), unless a
   * change came meanwhile. Its encodings are made when a request first asks
   * for them (bytesFor), not all at once.
   */
  fill(
    fill: { key: string; generation: number },
    contentType: string,
    body: string,
    options: {
      personal: TResponseCacheRule['personal'];
      shows: (answer: unknown) => readonly string[];
    },
  ): TCachedResponse {
    const raw = Buffer.from(body);
    const value = JSON.parse(body) as TCardList;
    const entry: TCachedResponse = {
      etag: `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`,
      contentType,
      raw,
      personal: options.personal === 'likes' ? personalPageOf(body, value) : undefined,
      detail: options.personal === 'detail' ? personalDetailOf(body, value) : undefined,
    };
    this.entries.set(fill.key, entry, options.shows(value.data), fill.generation);
    return entry;
  }

  /** Headers of a kept answer and the bytes for this request: 304, or its encoding. */
  async bytesFor(
    request: FastifyRequest,
    reply: FastifyReply,
    entry: TCachedResponse,
  ): Promise<Buffer | ''> {
    reply.header('etag', entry.etag);
    // Revalidated on every use: a change must show at once (a maker's own publish, SPEC 3).
    reply.header('cache-control', 'no-cache');
    addVary(reply, 'Accept-Encoding');
    addVary(reply, 'Authorization');
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
      reply.code(304);
      return '';
    }
    reply.header('content-type', entry.contentType);
    const encoding =
      entry.raw.length >= COMPRESS_MIN_BYTES
        ? negotiateEncoding(request.headers['accept-encoding'])
        : undefined;
    if (!encoding) return entry.raw;
    // Two first askers may both compress; either result is the same bytes.
    entry[encoding] ??= await compress(entry.raw, encoding);
    reply.header('content-encoding', encoding);
    return entry[encoding];
  }

  /**
   * The kept page's JSON with the reader's own is_like flags (SPEC 3), never
   * another reader's: the kept parts joined, each card as the reader sees it.
   */
  async personalised(page: TPersonalPage, userId: number): Promise<TReaderText> {
    const liked = await this.options.likedAmong(
      userId,
      page.cards.map((card) => card.id),
    );
    const text = () => {
      let joined = page.head;
      page.cards.forEach((card, i) => {
        if (i > 0) joined += ',';
        joined += liked.has(card.id) ? card.liked : card.plain;
      });
      return joined + page.tail;
    };
    const flags = page.cards.flatMap((card) => (liked.has(card.id) ? [card.id] : [])).join(',');
    return { flags, text };
  }

  /** The reader's page from a kept entry, or undefined when it has no place for their flags. */
  readerPage(entry: TCachedResponse, userId: number): Promise<TReaderText> | undefined {
    if (entry.personal) return this.personalised(entry.personal, userId);
    const { readerOfWork } = this.options;
    if (entry.detail && readerOfWork) return personalisedDetail(entry.detail, userId, readerOfWork);
    return undefined;
  }

  /**
   * The visitor's kept answer to `request`'s URL, asked for as a visitor of
   * the same language when none is kept (after a change, or its time to
   * live). Concurrent readers of one URL wait for the same request. Undefined
   * when the visitor's answer is not kept (not a 200, or a change came
   * meanwhile): the route then answers the reader itself.
   */
  visitorEntry(
    app: FastifyInstance,
    request: FastifyRequest,
    key: string,
  ): Promise<TCachedResponse | undefined> {
    const kept = this.entries.get(key);
    if (kept) return Promise.resolve(kept);
    const pending = this.visitorFills.get(key);
    if (pending) return pending;
    const headers: Record<string, string> = { 'accept-encoding': 'identity' };
    for (const name of ['accept-language', 'content-language'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const filled = app
      .inject({ method: 'GET', url: request.url, headers })
      .then(() => this.entries.get(key))
      // The internal request failing (the app closing) leaves the reader to the route.
      .catch(() => undefined)
      .finally(() => this.visitorFills.delete(key));
    this.visitorFills.set(key, filled);
    return filled;
  }
}

/**
 * A kept list taken apart by its structure: the envelope's members before and
 * after `data`, and each card serialised twice, as the visitor sees it
 * (is_like false, as every visitor's card is) and liked. The parts are
 * checked against the route's own bytes: undefined when they differ, or when
 * the answer is no list of cards, and signed-in readers of that page are then
 * answered by the route.
 */
export function personalPageOf(body: string, value: TCardList): TPersonalPage | undefined {
  if (!Array.isArray(value.data)) return undefined;
  if (!value.data.every((card) => card.is_like === false && typeof card.id === 'number')) {
    return undefined;
  }
  const member = (key: string) => `${JSON.stringify(key)}:${JSON.stringify(value[key])}`;
  const keys = Object.keys(value);
  const at = keys.indexOf('data');
  const before = keys.slice(0, at).map(member);
  const after = keys.slice(at + 1).map(member);
  const head = `{${[...before, '"data":['].join(',')}`;
  const tail = `]${after.map((text) => `,${text}`).join('')}}`;
  const cards = value.data.map((card) => ({
    id: card.id,
    plain: JSON.stringify(card),
    liked: JSON.stringify({ ...card, is_like: true }),
  }));
  const same = head + cards.map((card) => card.plain).join(',') + tail === body;
  return same ? { head, cards, tail } : undefined;
}

/**
 * The hooks: a preHandler that answers from memory (or marks a visitor's miss
 * for filling), an onSend that fills. Registered before registerCompression,
 * whose hook then leaves the ready bytes alone.
 */
export function registerResponseCache(app: FastifyInstance, cache: ResponseCache): void {
  app.decorateRequest('responseCacheFill', undefined);
  // ADR 0044: a kept answer is named by what it shows; a route kept without saying so does not start.
  app.addHook('onRoute', (route) => {
    if (!route.config?.responseCache) return;
    const name = endpointNameOf(route.schema);
    if (!name || !isKeptRoute(name)) {
      throw new Error(`${route.url} keeps answers but KEPT_READS does not say what they show`);
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const rule = request.routeOptions.config?.responseCache;
    if (!rule || request.method !== 'GET') return;
    if (rule.when && !rule.when(request)) return;
    const key = cache.keyOf(request);
    const work = rule.perRequest?.(request);
    const keptWhenRepeated = rule.keepWhenRepeated?.(request) ?? false;
    if (request.auth) {
      if (!rule.personal) return;
      // No visitor's request is made on a reader's behalf when it would record
      // the request again (ADR 0036) or be a first ask only remembered (ADR 0037).
      const kept =
        work || keptWhenRepeated
          ? cache.entries.get(key)
          : await cache.visitorEntry(app, request, key);
      // A page without a place for the reader's flags is the route's to answer (and record).
      const reader = kept && cache.readerPage(kept, request.auth.userId);
      if (!reader) return;
      // The reader's flags are read while the request's work (a history write) is done.
      const [page] = await Promise.all([reader, work?.()]);
      const accepted = negotiateEncoding(request.headers['accept-encoding']);
      const { bytes, encoding } = await readerBytes(kept, page, accepted);
      reply.header('cache-control', 'private, no-cache');
      reply.header('content-type', kept.contentType);
      // As the route's answer, compressed by compression's hook, would say.
      addVary(reply, 'Accept-Encoding');
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(bytes);
    }
    const entry = cache.entries.get(key);
    if (entry) {
      await work?.();
      return reply.send(await cache.bytesFor(request, reply, entry));
    }
    // A first ask is answered by the route and only remembered (ADR 0037).
    if (keptWhenRepeated && !cache.askedBefore(key)) return;
    request.responseCacheFill = { key, generation: cache.entries.generation() };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const fill = request.responseCacheFill;
    if (!fill || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const rule = request.routeOptions.config?.responseCache;
    const name = endpointNameOf(request.routeOptions.schema);
    if (!name || !isKeptRoute(name)) return payload;
    const shows = KEPT_READS[name] as TShows<typeof name>;
    const entry = cache.fill(
      fill,
      String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      payload,
      {
        personal: rule?.personal,
        shows: (answer) =>
          shows({ params: request.params, query: request.query, answer } as TShown<typeof name>),
      },
    );
    reply.removeHeader('content-length');
    return cache.bytesFor(request, reply, entry);
  });
}

/** The contract endpoint a route was registered from (endpoint(), ADR 0021). */
export function endpointNameOf(schema: unknown): string | undefined {
  return (schema as { [ENDPOINT_NAME]?: string } | undefined)?.[ENDPOINT_NAME];
}
