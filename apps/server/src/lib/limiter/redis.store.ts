import type { Redis } from 'ioredis';
import type { LimiterStore, THit } from './limiter-store';

const PREFIX = 'layerline:limit:';

/**
 * Counters in Redis, shared by every server instance (DESIGN 2). INCRBY and
 * PEXPIRE ... NX run in one MULTI, so the window opens with the first hit and
 * a crash between the two cannot leave a counter that never expires.
 */
export class RedisLimiterStore implements LimiterStore {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowMs: number, amount = 1): Promise<THit> {
    const name = PREFIX + key;
    const results = await this.redis
      .multi()
      .incrby(name, amount)
      .pexpire(name, windowMs, 'NX')
      .pttl(name)
      .exec();
    if (!results) throw new Error('redis transaction was discarded');
    const [incr, , pttl] = results;
    if (incr?.[0]) throw incr[0];
    if (pttl?.[0]) throw pttl[0];
    const ttl = Number(pttl?.[1]);
    return { count: Number(incr?.[1]), resetInMs: ttl > 0 ? ttl : windowMs };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(PREFIX + key);
  }
}
