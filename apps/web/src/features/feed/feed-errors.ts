import { isApiError, isCancel } from '../../lib/api/errors';

/** Catalog keys (`feed` namespace, `errors.*`) of the SPEC 8 feed messages. */
export type TFeedErrorKey = 'notFound' | 'network' | 'failed';

/**
 * What the grid says about a failed feed request: a catalog key, or the
 * error's own text (already localised: the API client's transport texts and
 * the server's msg arrive in the request's language).
 */
export type TFeedError = { key: TFeedErrorKey } | { text: string };

const NOT_FOUND_TEXT = '404';
const NETWORK_TEXT = 'Network Error';

/**
 * SPEC 8 Feature level, feed errors: a message containing 404 gives the
 * not-found text, one containing 'Network Error' the network text, anything
 * else its own message or the generic 'Failed to obtain data'. Our client
 * words a 404 and a lost connection differently from the texts SPEC matches
 * on, so its error kinds map to the same two messages.
 */
export function describeFeedError(error: unknown): TFeedError {
  const message = error instanceof Error ? error.message.trim() : '';
  if (message.includes(NOT_FOUND_TEXT) || (isApiError(error) && error.kind === 'notFound')) {
    return { key: 'notFound' };
  }
  if (message.includes(NETWORK_TEXT) || (isApiError(error) && error.kind === 'network')) {
    return { key: 'network' };
  }
  return message ? { text: message } : { key: 'failed' };
}

/** Cancelled requests (a newer one replaced them) are not failures (SPEC 8). */
export function isCancelledRequest(error: unknown): boolean {
  return isCancel(error) || (error instanceof DOMException && error.name === 'AbortError');
}
