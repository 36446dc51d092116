/** One counter window: how many hits so far and when the window closes. */
export type THit = { count: number; resetInMs: number };

/**
 * Fixed-window counters (DESIGN 2): in-process by default, Redis when
 * REDIS_URL is set so every server instance counts together.
 */
export interface LimiterStore {
  /**
   * Counts one hit on `key` (or `amount`, e.g. bytes; 0 only reads); the
   * first hit opens a window of `windowMs`.
   */
  hit(key: string, windowMs: number, amount?: number): Promise<THit>;
  reset(key: string): Promise<void>;
}
