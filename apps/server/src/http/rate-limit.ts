import rateLimit from '@fastify/rate-limit';
import { Code } from '@layerline/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from './app-error';

/**
 * Rate limits (DESIGN 2): counters in Redis when REDIS_URL is set (the app's
 * shared client), so every server behind the load balancer shares them;
 * in-process otherwise. Nothing is limited globally: routes opt in with
 * `config: { rateLimit: { max, timeWindow } }`.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: { redis?: Redis },
): Promise<void> {
  const { redis } = options;
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
