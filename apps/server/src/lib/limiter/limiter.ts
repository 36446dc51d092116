import { Code } from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error';
import type { LimiterStore, THit } from './limiter-store';

/** At most `max` hits per `windowMs`. */
export type TLimit = { max: number; windowMs: number };

/** SPEC 8 'You apply too frequently' for repeated sends; the generic text otherwise. */
export type TLimitMessage = 'tooManyRequests' | 'applyTooFrequently';

const tooMany = (resetInMs: number, messageKey: TLimitMessage) =>
  new AppError(
    Code.TOO_MANY_REQUESTS,
    messageKey,
    {},
    { retryAfter: Math.max(1, Math.ceil(resetInMs / 1000)) },
  );

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
    const hit = await this.hit(name, subject, limit.windowMs, 1);
    if (hit && hit.count > limit.max) throw tooMany(hit.resetInMs, messageKey);
  }

  /**
   * For budgets whose cost is known only afterwards (bytes of an upload):
   * 429 once `limit.max` is spent in the window; `spend` records the cost.
   */
  async assertBudgetLeft(name: string, subject: string, limit: TLimit): Promise<void> {
    const hit = await this.hit(name, subject, limit.windowMs, 0);
    if (hit && hit.count >= limit.max) throw tooMany(hit.resetInMs, 'tooManyRequests');
  }

  /** Adds `amount` to a budget without refusing: the work it paid for is already done. */
  async spend(name: string, subject: string, limit: TLimit, amount: number): Promise<void> {
    await this.hit(name, subject, limit.windowMs, amount);
  }

  /**
   * True for the first hit of a subject in a window, false for repeats: for
   * things that should count once (a search towards hot searches). True when
   * the store fails, as a limit lets the request through then.
   */
  async isFirst(name: string, subject: string, windowMs: number): Promise<boolean> {
    const hit = await this.hit(name, subject, windowMs, 1);
    return !hit || hit.count === 1;
  }

  /** The store's answer, or undefined (logged) when it fails. */
  private async hit(
    name: string,
    subject: string,
    windowMs: number,
    amount: number,
  ): Promise<THit | undefined> {
    try {
      return await this.store.hit(`${name}:${subject.toLowerCase()}`, windowMs, amount);
    } catch (error) {
      // Same policy as the route limits: a Redis outage must not lock everyone out.
      this.log.warn({ err: error, limit: name }, 'rate limit store failed; request let through');
      return undefined;
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
