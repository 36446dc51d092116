import { EventEmitter } from 'node:events';
import type { TNotificationKind } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * "These users' notifications changed": what one server instance tells all
 * of them, so whichever holds a user's open stream pushes the new counts.
 * `all` reaches every user (a broadcast system message).
 */
export type TLiveSignal = { userIds: number[] | 'all'; kind: TNotificationKind | null };
export type TLiveListener = (signal: TLiveSignal) => void;

/**
 * DESIGN 2 live events: in-process without REDIS_URL, Redis pub/sub with
 * it, so N stateless instances behind a load balancer reach each other.
 */
export interface LiveEvents {
  publish(signal: TLiveSignal): Promise<void>;
  subscribe(listener: TLiveListener): () => void;
  /** Resolves once signals of other instances arrive (at once in-process). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

const EVENT = 'signal';

export class LocalLiveEvents implements LiveEvents {
  protected readonly emitter = new EventEmitter();
  readonly ready: Promise<void> = Promise.resolve();

  constructor() {
    // One listener per hub, not per connection; the cap only guards against leaks elsewhere.
    this.emitter.setMaxListeners(0);
  }

  async publish(signal: TLiveSignal): Promise<void> {
    this.emitter.emit(EVENT, signal);
  }

  subscribe(listener: TLiveListener): () => void {
    this.emitter.on(EVENT, listener);
    return () => this.emitter.off(EVENT, listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

export const LIVE_CHANNEL = 'layerline:notify';

function parseSignal(text: string): TLiveSignal | undefined {
  try {
    const value = JSON.parse(text) as Partial<TLiveSignal>;
    const ids = value.userIds;
    const isIds = ids === 'all' || (Array.isArray(ids) && ids.every(Number.isInteger));
    return isIds ? { userIds: ids, kind: value.kind ?? null } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Publishes on the app's Redis client; listens on a duplicate, since a
 * subscribed connection can run no other command. When Redis fails the
 * signal still reaches this instance's own streams.
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
      if (channel !== LIVE_CHANNEL) return;
      const signal = parseSignal(text);
      if (signal) this.emitter.emit(EVENT, signal);
    });
    this.ready = new Promise((resolve) => {
      // Subscribing on every (re)connect: a subscribe that failed while Redis
      // was down is not replayed by ioredis, a repeated one is harmless.
      const subscribe = () =>
        this.subscriber.subscribe(LIVE_CHANNEL).then(
          () => resolve(),
          (error: unknown) => log.warn({ err: error }, 'redis subscribe failed'),
        );
      this.subscriber.on('ready', subscribe);
    });
  }

  override async publish(signal: TLiveSignal): Promise<void> {
    try {
      await this.redis.publish(LIVE_CHANNEL, JSON.stringify(signal));
    } catch (error) {
      this.log.warn({ err: error }, 'live event not published to redis; delivered locally only');
      await super.publish(signal);
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
