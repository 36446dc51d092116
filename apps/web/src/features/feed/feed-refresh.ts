import type { QueryClient } from '@tanstack/react-query';
import { useFeedStore } from './feed.store';

/**
 * Prefix of every query key of the home feed (discovery data): carousel,
 * banners, collections, categories and the feed's own pages live under it,
 * so a refresh reloads them.
 */
export const FEED_QUERY_KEY = ['feed'] as const;

/**
 * SPEC 2: clicking the logo refreshes the home feed. The feed's queries and
 * kept pages are invalidated (SPEC 4 Feed: the cache is cleared on refresh),
 * and the feed store counts the refresh, so a mounted feed resets its page
 * and scroll position.
 */
export function refreshHomeFeed(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
  useFeedStore.getState().refresh();
}
