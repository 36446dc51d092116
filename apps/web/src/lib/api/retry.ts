import { LIMITS } from '@layerline/contract';
import { isRetryable, retryAfterMs } from './errors';
import { sleep } from './signals';
import type { THttpMethod, TRetryVariant } from './types';

export type TRetryPolicy = { retries: number; delayMs: number; factor: number };

/**
 * SPEC 7: 2 retries with a 500ms delay growing by 1.5x; the second client
 * variant retries up to 3 times with a 1000ms delay (SPEC gives it no growth).
 */
export const RETRY_POLICIES: Record<TRetryVariant, TRetryPolicy> = {
  default: { retries: LIMITS.retries, delayMs: LIMITS.retryDelayMs, factor: LIMITS.retryBackoff },
  alt: { retries: LIMITS.altRetries, delayMs: LIMITS.altRetryDelayMs, factor: 1 },
};

/**
 * Only idempotent methods are retried. A POST that timed out or hit a 5xx may
 * still have been applied by the server, so sending it again could create the
 * work, comment or follow twice.
 */
const IDEMPOTENT: ReadonlySet<THttpMethod> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export function isIdempotent(method: THttpMethod): boolean {
  return IDEMPOTENT.has(method);
}

export function retryDelays(policy: TRetryPolicy): number[] {
  return Array.from({ length: policy.retries }, (_, i) => policy.delayMs * policy.factor ** i);
}

/**
 * The longest Retry-After the client waits for before trying again; a
 * server that asks for more is reported at once (SPEC 8 row for 5xx).
 */
export const RETRY_AFTER_CAP_MS = 10_000;

/**
 * Runs `attempt`, again after each delay while it fails with a network,
 * timeout or 5xx error (SPEC 7). A busy server's 503 says how long to wait
 * (ADR 0050): the retry waits that long if it is longer than the policy's
 * delay, and not at all past RETRY_AFTER_CAP_MS. Such a 503 was refused
 * before anything ran, so `onlyRefused` callers (POSTs, which are otherwise
 * never sent twice) retry it and nothing else.
 */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: TRetryPolicy,
  signal: AbortSignal | undefined,
  cancelled: () => Error,
  onlyRefused = false,
): Promise<T> {
  for (const delay of retryDelays(policy)) {
    let wait = delay;
    try {
      return await attempt();
    } catch (error) {
      const asked = retryAfterMs(error);
      if (onlyRefused ? asked === null : !isRetryable(error)) throw error;
      if (asked !== null) {
        if (asked > RETRY_AFTER_CAP_MS) throw error;
        wait = Math.max(delay, asked);
      }
    }
    await sleep(wait, signal, cancelled);
  }
  return attempt();
}
