import { LIMITS } from '@layerline/contract';
import { isRetryable } from './errors';
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

/** Runs `attempt`, again after each delay while it fails with a network, timeout or 5xx error. */
export async function withRetry<T>(
  attempt: () => Promise<T>,
  policy: TRetryPolicy,
  signal: AbortSignal | undefined,
  cancelled: () => Error,
): Promise<T> {
  for (const delay of retryDelays(policy)) {
    try {
      return await attempt();
    } catch (error) {
      if (!isRetryable(error)) throw error;
    }
    await sleep(delay, signal, cancelled);
  }
  return attempt();
}
