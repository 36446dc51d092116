import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { clearCache } from '../../lib/api';

/**
 * Prefix of every query key of the home feed (discovery data): carousel,
 * banners, collections and categories live under it, so a refresh reloads them.
 */
export const FEED_QUERY_KEY = ['feed'] as const;
export const FEED_REFRESH_EVENT = 'layerline:feed-refresh';

/**
 * SPEC 2: clicking the logo refreshes the home feed. The client's GET cache is
 * emptied first (SPEC 4 Feed: the cache is cleared on refresh), otherwise the
 * refetch would be answered from it. Cached feed queries are invalidated, and
 * an event tells the mounted feed to reset its page and scroll position.
 */
export function refreshHomeFeed(queryClient: QueryClient): void {
  clearCache();
  void queryClient.invalidateQueries({ queryKey: FEED_QUERY_KEY });
  window.dispatchEvent(new Event(FEED_REFRESH_EVENT));
}

export function useFeedRefresh(onRefresh: () => void): void {
  useEffect(() => {
    window.addEventListener(FEED_REFRESH_EVENT, onRefresh);
    return () => window.removeEventListener(FEED_REFRESH_EVENT, onRefresh);
  }, [onRefresh]);
}

export const FEED_WORK_REMOVED_EVENT = 'layerline:feed-work-removed';

/**
 * A work no longer exists (its owner deleted it): the home feed drops its card
 * and forgets its cached pages, without reloading the list the user scrolled.
 */
export function removeWorkFromHomeFeed(workId: number): void {
  window.dispatchEvent(new CustomEvent<number>(FEED_WORK_REMOVED_EVENT, { detail: workId }));
}

export function useFeedWorkRemoved(onRemoved: (workId: number) => void): void {
  useEffect(() => {
    const listener = (event: Event) => {
      const workId = (event as CustomEvent<unknown>).detail;
      if (typeof workId === 'number') onRemoved(workId);
    };
    window.addEventListener(FEED_WORK_REMOVED_EVENT, listener);
    return () => window.removeEventListener(FEED_WORK_REMOVED_EVENT, listener);
  }, [onRemoved]);
}
