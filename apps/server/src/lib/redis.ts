import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * The one Redis client of a server instance (DESIGN 2), for rate limits now
 * and caches and live events later. It fails fast: an outage must not hang
 * requests, and the callers let requests through when it errors.
 */
export function createRedis(url: string, log: Pick<FastifyBaseLogger, 'warn'>): Redis {
  const redis = new Redis(url, {
    connectTimeout: 500,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (error) => log.warn({ err: error }, 'redis error'));
  return redis;
}

export async function closeRedis(redis: Redis): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
