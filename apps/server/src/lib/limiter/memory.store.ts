import type { TClock } from '../clock';
import { systemClock } from '../clock';
import type { LimiterStore, THit } from './limiter-store';

/** Sweep expired windows once the map holds this many, so it cannot grow without bound. */
const SWEEP_AT = 10_000;

/** Counters in this process: right for one server; N servers need Redis (DESIGN 2). */
export class MemoryLimiterStore implements LimiterStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: TClock = systemClock) {}

  async hit(key: string, windowMs: number, amount = 1): Promise<THit> {
    const now = this.clock().getTime();
    if (this.windows.size >= SWEEP_AT) this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += amount;
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetAt <= now) this.windows.delete(key);
    }
  }
}
