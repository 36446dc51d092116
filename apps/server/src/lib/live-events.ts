import { EventEmitter } from 'node:events';
import { ZAiJobState, ZAiStage, ZNotificationKind } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * What one server or worker process tells all of them (DESIGN 2 live
 * events), one typed topic per kind of change. Signals say what changed,
 * not the data: whoever holds a stream for it reads the current state.
 */
const TOPICS = {
  /**
   * "These users' notifications changed": whichever instance holds a user's
   * /notify/stream pushes the new counts. `all` reaches every user (a
   * broadcast system message).
   */
  notify: z.object({
    userIds: z.union([z.literal('all'), z.array(z.number().int())]),
    kind: ZNotificationKind.nullable().default(null),
  }),
  /**
   * "This AI job changed" (state, SPEC 4 stage or percent), from the API
   * (create, cancel) or a worker in any process; /ai/jobs/{id}/events streams
   * re-read the job and send it.
   */
  aiJob: z.object({
    jobId: z.number().int(),
    userId: z.number().int(),
    state: ZAiJobState,
    stage: ZAiStage.nullable(),
    percent: z.number().int(),
  }),
  /**
   * "The sensitive-word list changed" (moderation console): every instance
   * re-reads the words kept in the database and rebuilds its filter.
   */
  sensitiveWords: z.object({ count: z.number().int() }),
  /**
   * "Entities with these tags (or all) changed" (ADR 0018, 0044): every
   * instance drops what it keeps in memory showing them. `origin` is the
   * instance that dropped already, before publishing.
   */
  responses: z.object({
    origin: z.string().max(64),
    drop: z.union([z.literal('all'), z.array(z.string().max(64)).max(10_000)]),
  }),
  /**
   * "These users' sessions changed" (logout, password change or reset, a
   * replayed refresh token, a role change, a suspension; ADR 0050): every
   * instance forgets the sessions of theirs it trusted, so the next request
   * reads them again.
   */
  sessions: z.object({ userIds: z.array(z.number().int()).max(10_000) }),
} as const;

export type TLiveTopic = keyof typeof TOPICS;
export type TLiveSignals = { [K in TLiveTopic]: z.infer<(typeof TOPICS)[K]> };
export type TNotifySignal = TLiveSignals['notify'];
export type TAiJobSignal = TLiveSignals['aiJob'];
export type TLiveListener<K extends TLiveTopic> = (signal: TLiveSignals[K]) => void;

/** Redis channel of each topic; `layerline:notify` predates the others and keeps its name. */
export const LIVE_CHANNELS: Record<TLiveTopic, string> = {
  notify: 'layerline:notify',
  aiJob: 'layerline:ai-job',
  sensitiveWords: 'layerline:sensitive-words',
  responses: 'layerline:responses',
  sessions: 'layerline:sessions',
};

/**
 * DESIGN 2 live events: in-process without REDIS_URL, Redis pub/sub with
 * it, so N stateless instances (and `npm run worker` processes) behind a load
 * balancer reach each other.
 */
export interface LiveEvents {
  publish<K extends TLiveTopic>(topic: K, signal: TLiveSignals[K]): Promise<void>;
  subscribe<K extends TLiveTopic>(topic: K, listener: TLiveListener<K>): () => void;
  /** Resolves once signals of other instances arrive (at once in-process). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export class LocalLiveEvents implements LiveEvents {
  protected readonly emitter = new EventEmitter();
  readonly ready: Promise<void> = Promise.resolve();

  constructor() {
    // One listener per hub and topic, not per connection; the cap only guards against leaks elsewhere.
    this.emitter.setMaxListeners(0);
  }

  async publish<K extends TLiveTopic>(topic: K, signal: TLiveSignals[K]): Promise<void> {
    this.emitter.emit(topic, signal);
  }

  subscribe<K extends TLiveTopic>(topic: K, listener: TLiveListener<K>): () => void {
    this.emitter.on(topic, listener);
    return () => this.emitter.off(topic, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

const TOPIC_OF_CHANNEL = new Map(
  Object.entries(LIVE_CHANNELS).map(([topic, channel]) => [channel, topic as TLiveTopic]),
);

/** A signal from the wire, checked against its topic's schema; undefined when it does not fit. */
export function parseSignal<K extends TLiveTopic>(
  topic: K,
  text: string,
): TLiveSignals[K] | undefined {
  try {
    const parsed = TOPICS[topic].safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as TLiveSignals[K]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Publishes on the app's Redis client; listens on a duplicate, since a
 * subscribed connection can run no other command. When Redis fails the
 * signal still reaches this instance's own listeners.
 */
export class RedisLiveEvents extends LocalLiveEvents {
  private readonly subscriber: Redis;
  override readonly ready: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    super();
    this.subscriber = redis.duplicate();
    this.subscriber.on('error', (error) => log.warn({ err: error }, 'redis subscriber error'));
    this.subscriber.on('message', (channel: string, text: string) => {
      const topic = TOPIC_OF_CHANNEL.get(channel);
      if (!topic) return;
      const signal = parseSignal(topic, text);
      if (signal) this.emitter.emit(topic, signal);
    });
    this.ready = new Promise((resolve) => {
      // Subscribing on every (re)connect: a subscribe that failed while Redis
      // was down is not replayed by ioredis, a repeated one is harmless.
      const subscribe = () =>
        this.subscriber.subscribe(...Object.values(LIVE_CHANNELS)).then(
          () => resolve(),
          (error: unknown) => log.warn({ err: error }, 'redis subscribe failed'),
        );
      this.subscriber.on('ready', subscribe);
    });
  }

  override async publish<K extends TLiveTopic>(topic: K, signal: TLiveSignals[K]): Promise<void> {
    try {
      await this.redis.publish(LIVE_CHANNELS[topic], JSON.stringify(signal));
    } catch (error) {
      this.log.warn({ err: error }, 'live event not published to redis; delivered locally only');
      await super.publish(topic, signal);
    }
  }

  override async close(): Promise<void> {
    await super.close();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }
}

export function createLiveEvents(
  redis: Redis | undefined,
  log: Pick<FastifyBaseLogger, 'warn'>,
): LiveEvents {
  return redis ? new RedisLiveEvents(redis, log) : new LocalLiveEvents();
}
