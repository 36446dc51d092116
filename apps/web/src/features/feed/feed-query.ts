import { isCancel } from '../../lib/api';

/** SPEC 4 Carousel, banners and strip: a cancelled fetch is tried again after 1 second. */
export const CANCELLED_RETRY_DELAY_MS = 1000;
/** Ours: a request that keeps being cancelled gives up, and the fallback is shown. */
export const CANCELLED_RETRY_LIMIT = 3;

const CANCELLED_MESSAGE = 'Request cancelled';

/**
 * SPEC 4: 'when the message says Request cancelled'. The client's cancel error
 * carries that text localised, so the error's kind is checked as well as the text.
 */
export function isRequestCancelled(error: unknown): boolean {
  if (isCancel(error)) return true;
  return error instanceof Error && error.message.includes(CANCELLED_MESSAGE);
}

/**
 * TanStack Query retry options for the home discovery data: retries only
 * cancelled requests (the client already retried network and 5xx failures, SPEC 7).
 */
export const retryCancelled = {
  retry: (failureCount: number, error: unknown) =>
    isRequestCancelled(error) && failureCount < CANCELLED_RETRY_LIMIT,
  retryDelay: CANCELLED_RETRY_DELAY_MS,
} as const;
