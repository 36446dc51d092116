import { LIMITS } from '@layerline/contract';

export type TLimiterGate = { blocked: true } | { blocked: false; waitMs: number };

/**
 * SPEC 4 Feed request limiter (SPEC 9: after 3 errors, 5 s between requests,
 * 30 s block). Read as a guard against hammering a failing server: while a
 * run of failures lasts, a request starts at least 5 s after the last failed
 * one; the third failure in a row blocks the feed for 30 s, after which the
 * count starts again. A success ends the run. Requests of a healthy feed are
 * not spaced (a 5 s wait between pages or categories would only slow the
 * user down; the 150 ms scroll throttle and the one-load-at-a-time rule
 * already bound them).
 */
export class FeedLimiter {
  private errors = 0;
  private lastErrorAt = Number.NEGATIVE_INFINITY;
  private blockedUntil = 0;

  constructor(
    private readonly maxErrors: number = LIMITS.feedErrorLimit,
    private readonly cooldownMs: number = LIMITS.feedCooldownMs,
    private readonly blockMs: number = LIMITS.feedBlockMs,
  ) {}

  /** Whether a request may start now, and after how long a wait. */
  gate(now: number): TLimiterGate {
    if (this.isBlocked(now)) return { blocked: true };
    if (this.blockedUntil !== 0) this.reset();
    const waitMs = this.errors > 0 ? Math.max(0, this.lastErrorAt + this.cooldownMs - now) : 0;
    return { blocked: false, waitMs };
  }

  isBlocked(now: number): boolean {
    return now < this.blockedUntil;
  }

  /** When the block lifts (0 when not blocked). */
  get unblocksAt(): number {
    return this.blockedUntil;
  }

  get errorCount(): number {
    return this.errors;
  }

  /** Counts a failure; true when it is the one that blocks the feed. */
  recordError(now: number): boolean {
    this.errors += 1;
    this.lastErrorAt = now;
    if (this.errors < this.maxErrors) return false;
    this.blockedUntil = now + this.blockMs;
    return true;
  }

  recordSuccess(): void {
    this.reset();
  }

  private reset(): void {
    this.errors = 0;
    this.lastErrorAt = Number.NEGATIVE_INFINITY;
    this.blockedUntil = 0;
  }
}
