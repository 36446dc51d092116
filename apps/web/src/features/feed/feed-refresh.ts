import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Prefix of every query key of the home feed (discovery data). */
export const FEED_QUERY_KEY = ['feed'] as const;
export const FEED_REFRESH_EVENT = 'layerline:feed-refresh';

/**
 * SPEC 2: clicking the logo refreshes the home feed. Cached feed queries are
 * invalidated, and an event tells the mounted feed to reset its page and
 * scroll position (SPEC 4 Feed: the page resets to 1 on refresh).
 */
export function refreshHomeFeed(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
  window.dispatchEvent(new Event(FEED_REFRESH_EVENT));
}

export function useFeedRefresh(onRefresh: () => void): void {
  useEffect(() => {
    window.addEventListener(FEED_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(FEED_REFRESH_EVENT, onRefresh);
  }, [onRefresh]);
}
