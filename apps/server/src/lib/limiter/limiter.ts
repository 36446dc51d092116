import { Code } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import type { LimiterStore } from './limiter-store';

/** At most `max` hits per `windowMs`. */
export type TLimit = { max: number; windowMs: number };

/** SPEC 8 'You apply too frequently' for repeated sends; the generic text otherwise. */
export type TLimitMessage = 'tooManyRequests' | 'applyTooFrequently';

/**
 * Rate limits that services apply by name and subject (an IP, an e-mail, a
 * user id), for rules a route-level limit cannot express. Over the limit it
 * throws 429 with the seconds to wait in `data.retryAfter` (and Retry-After).
 */
export class Limiter {
  constructor(
    private readonly store: LimiterStore,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async consume(
    name: string,
    subject: string,
    limit: TLimit,
    messageKey: TLimitMessage = 'tooManyRequests',
  ): Promise<void> {
    let hit: Awaited<ReturnType<LimiterStore['hit']>>;
    try {
      hit = await this.store.hit(`${name}:${subject.toLowerCase()}`, limit.windowMs);
    } catch (error) {
      // Same policy as the route limits: a Redis outage must not lock everyone out.
      this.log.warn({ err: error, limit: name }, 'rate limit store failed; request let through');
      return;
    }
    if (hit.count > limit.max) {
      throw new AppError(
        Code.TOO_MANY_REQUESTS,
        messageKey,
        {},
        { retryAfter: Math.max(1, Math.ceil(hit.resetInMs / 1000)) },
      );
    }
  }

  /** Forgets a subject's count, e.g. when the attempt it paid for failed on our side. */
  async reset(name: string, subject: string): Promise<void> {
    try {
      await this.store.reset(`${name}:${subject.toLowerCase()}`);
    } catch (error) {
      this.log.warn({ err: error, limit: name }, 'rate limit store failed to reset');
    }
  }
}
