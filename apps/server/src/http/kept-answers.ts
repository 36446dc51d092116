import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TDatabase, TDatabaseKind } from '../db/client';
import type { TClock } from '../lib/clock';
import type { LiveEvents } from '../lib/live-events';
import { TaggedCache, type TDrop } from '../lib/tagged-cache';
import type { TFeedOrder, TFeedPage } from '../modules/feed';
import { TERM_SETS_KEPT, type TSearchTitles, type TTermSet } from '../modules/search';
import type { TTag } from './freshness-tags';
import { changeLookups, readFeedVersion } from './kept-answers.repository';
import type { TReaderOfWork } from './personal-detail';
import {
  RESPONSE_CACHE_TTL_MS,
  ResponseCache,
  registerResponseCache,
  type TLikedAmong,
} from './response-cache';
import {
  feedVersionPollMs,
  registerFeedVersionPoll,
  registerInvalidation,
} from './response-invalidation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every answer and cache this instance keeps, and what drops them (ADR 0044). */
    keptAnswers: KeptAnswers;
  }
}

export type TKeptAnswersDeps = {
  /** RESPONSE_CACHE (config.responseCache): false keeps nothing, for an operator who needs that. */
  enabled: boolean;
  db: TDatabase;
  databaseKind: TDatabaseKind;
  clock: TClock;
  /** DESIGN 2 live events: the `responses` topic reaches every instance (Redis with REDIS_URL). */
  events: LiveEvents;
  /** The viewer's liked works among some (SocialReader.likedAmong), for signed-in readers' pages. */
  likedAmong: TLikedAmong;
  /** A reader's flags on a work's detail (SocialStateReader.viewerOfWork, ADR 0065). */
  readerOfWork?: TReaderOfWork;
  log: FastifyBaseLogger;
  /** How often the feed version is read (feedVersionPollMs of the database when absent). */
  pollMs?: number;
};

/**
 * The one owner of everything an instance keeps in memory that a write can
 * make stale (ADR 0044): visitors' answers as ready bytes (ADR 0018), the
 * feed's search pages, each search term's matches (ADR 0038) and every
 * visible title (ADR 0039). Each entry names the tags it shows. A drop
 * names the entities that changed (http/freshness-tags) and reaches every
 * cache here and, over the `responses` live topic, on every instance.
 */
export class KeptAnswers {
  /** Visitors' answers; absent when nothing is kept (so are the others). */
  readonly responses: ResponseCache | undefined;
  /** Pages of repeated searches (ADR 0018). */
  readonly searches: TaggedCache<TFeedPage> | undefined;
  /** The matches of search terms (ADR 0038): at most TERM_SET_MAX ids (80 KB) each. */
  readonly termSets: TaggedCache<TTermSet> | undefined;
  /** One entry: every visible work's title (ADR 0039, about 100 bytes a work). */
  readonly titles: TaggedCache<TSearchTitles | 'large'> | undefined;
  /** The newest-first lists' orders, for their deep pages (ADR 0064): 4 bytes a work each. */
  readonly orders: TaggedCache<TFeedOrder> | undefined;
  private readonly caches: TaggedCache<unknown>[] = [];
  /** This instance on the `responses` topic: its own drops come back and are skipped. */
  private readonly origin = randomUUID();
  /** Drops this instance published, and those applied here from each other instance (tests wait on them). */
  private published = 0;
  private readonly applied = new Map<string, number>();
  private waiting: { origin: string; count: number; resolve: () => void }[] = [];
  /**
   * How often the feed version is read, from the app's start. Tests that
   * must see every drop come from a write's own tags set it long before
   * their first request.
   */
  feedVersionPollMs: number;

  constructor(private readonly deps: TKeptAnswersDeps) {
    this.responses = deps.enabled
      ? new ResponseCache({
          clock: deps.clock,
          likedAmong: deps.likedAmong,
          readerOfWork: deps.readerOfWork,
        })
      : undefined;
    if (this.responses) this.caches.push(this.responses.entries);
    this.searches = this.cache({ maxEntries: 2000 });
    this.termSets = this.cache({ maxEntries: TERM_SETS_KEPT });
    this.titles = this.cache({ maxEntries: 1 });
    this.orders = this.cache({ maxEntries: 64 });
    this.feedVersionPollMs = deps.pollMs ?? feedVersionPollMs(deps.databaseKind);
  }

  /** A cache dropped with every kept answer; undefined when nothing is kept. */
  private cache<V>(options: { maxEntries: number }): TaggedCache<V> | undefined {
    if (!this.deps.enabled) return undefined;
    const cache = new TaggedCache<V>({
      clock: this.deps.clock,
      maxEntries: options.maxEntries,
      ttlMs: RESPONSE_CACHE_TTL_MS,
    });
    this.caches.push(cache as TaggedCache<unknown>);
    return cache;
  }

  /** Drops what shows these tags (or everything) on this instance only. */
  dropHere(change: TDrop): void {
    for (const cache of this.caches) cache.drop(change);
  }

  /**
   * Drops what shows these tags (or everything) here, and publishes the drop
   * to every other instance; settles once published. Tests that write rows
   * straight to the database call it with the tags of what they wrote.
   */
  async drop(change: 'all' | readonly TTag[]): Promise<void> {
    if (!this.deps.enabled) return;
    this.dropHere(change);
    this.published += 1;
    await this.deps.events.publish('responses', {
      origin: this.origin,
      drop: change === 'all' ? 'all' : [...change],
    });
  }

  /**
   * Settles once every drop `other` has published so far was applied here
   * (over the live topic): a test waits on the event, never on a time.
   */
  appliedFrom(other: KeptAnswers): Promise<void> {
    const count = other.published;
    if ((this.applied.get(other.origin) ?? 0) >= count) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ origin: other.origin, count, resolve }));
  }

  /** Hooks: answers from memory, drops by every write, the live topic and the version poll. */
  register(app: FastifyInstance): void {
    app.decorate<KeptAnswers>('keptAnswers', this);
    if (!this.responses) return;
    registerResponseCache(app, this.responses);
    const onError = (error: unknown) =>
      this.deps.log.warn({ err: error }, 'dropping kept answers failed');
    registerInvalidation(app, {
      look: changeLookups(this.deps.db),
      drop: (change) => this.drop(change),
      onError,
    });
    const stop = this.deps.events.subscribe('responses', (signal) => {
      if (signal.origin === this.origin) return;
      this.dropHere(signal.drop);
      const applied = (this.applied.get(signal.origin) ?? 0) + 1;
      this.applied.set(signal.origin, applied);
      this.waiting = this.waiting.filter((wait) => {
        if (wait.origin !== signal.origin || wait.count > applied) return true;
        wait.resolve();
        return false;
      });
    });
    app.addHook('preClose', async () => {
      stop();
    });
    registerFeedVersionPoll(app, {
      feedVersion: () => readFeedVersion(this.deps.db),
      dropAll: () => this.dropHere('all'),
      pollMs: () => this.feedVersionPollMs,
      onError,
    });
  }
}

/**
 * Every answer this instance keeps, and the hooks that keep and drop them
 * (ADR 0018, 0044): one call from buildApp, before compression's hook, which
 * then leaves ready bytes alone.
 */
export function keepAnswers(app: FastifyInstance, deps: TKeptAnswersDeps): KeptAnswers {
  const kept = new KeptAnswers(deps);
  kept.register(app);
  return kept;
}
