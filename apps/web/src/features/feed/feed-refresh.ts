import type { QueryClient } from '@tanstack/react-query';
import { clearCache } from '../../lib/api';
import { useFeedStore } from './feed.store';

/**
 * Prefix of every query key of the home feed (discovery data): carousel,
 * banners, collections, categories and the feed's own pages live under it,
 * so a refresh reloads them.
 */
export const FEED_QUERY_KEY = ['feed'] as const;

/**
 * SPEC 2: clicking the logo refreshes the home feed. The client's GET cache is
 * emptied first (SPEC 4 Feed: the cache is cleared on refresh), otherwise the
 * refetch would be answered from it. Cached feed queries are invalidated, and
 * the feed store counts the refresh, so a mounted feed resets its page and
 * scroll position.
 */
export function refreshHomeFeed(queryClient: QueryClient): void {
  clearCache();
  void queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
  useFeedStore.getState().refresh();
}
