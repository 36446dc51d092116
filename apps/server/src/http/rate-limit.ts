import rateLimit from '@fastify/rate-limit';
import { Code } from '@layerline/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Rate limits (DESIGN 2): counters in Redis when REDIS_URL is set, so every
 * server behind the load balancer shares them; in-process otherwise. Nothing
 * is limited globally: routes opt in with `config: { rateLimit: { max, timeWindow } }`.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redisUrl?: string },
): Promise<void> {
  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Fail fast: a Redis outage must not hang requests (skipOnError lets them through).
    redis = new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error (rate limits)'));
    const client = redis;
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'layerline:rate-limit:',
    skipOnError: true,
    // Thrown by the plugin and answered by the global error handler as the
    // localised envelope (SPEC 8 'too many requests').
    errorResponseBuilder: (_request, context) => {
      const data = { retryAfter: Math.ceil(context.ttl / 1000) };
      return context.ban
        ? new AppError(Code.FORBIDDEN, 'forbidden', {}, data)
        : new AppError(Code.TOO_MANY_REQUESTS, 'tooManyRequests', {}, data);
    },
  });
}
