import type { TFeedSort, TWorkCard } from '@layerline/contract';
import type { QueryClient } from '@tanstack/react-query';
import { FEED_QUERY_KEY } from './feed-refresh';

/** The request parameters that pick a list (SPEC 7 GET /works/home). */
export interface TFeedParams {
  query: string;
  category: number | null;
  sort: TFeedSort | null;
}

export interface TFeedPage {
  data: TWorkCard[];
  total: number;
}

/** One key per list: the same parameters share their fetched pages. */
export function feedKey(params: TFeedParams): string {
  return JSON.stringify([params.query, params.category, params.sort]);
}

/** Where the home feed's pages are kept: under the feed's keys, which the logo's refresh invalidates. */
export const feedPageKeys = {
  all: [...FEED_QUERY_KEY, 'home'] as const,
  page: (params: TFeedParams, page: number) =>
    [...feedPageKeys.all, params.query, params.category, params.sort, page] as const,
};

/** The feed controller's view of its fetched pages (SPEC 4 Feed). */
export interface TFeedPageCache {
  /** The page when it was stored less than `maxAgeMs` ago and nothing invalidated it since. */
  get: (params: TFeedParams, page: number, maxAgeMs: number, now: number) => TFeedPage | null;
  set: (params: TFeedParams, page: number, value: TFeedPage, now: number) => void;
  clear: () => void;
}

/**
 * SPEC 4 Feed: fetched pages per (query, category, sort), reused while
 * younger than the age the caller allows (30 s, SPEC 9), cleared on refresh
 * and on a new search. They are entries of the TanStack Query cache
 * (ADR 0049): invalidating the feed's keys (the logo, a deleted or appealed
 * work) makes them old at once. The cards' counts are not patched here: each
 * card reads its work's entry.
 */
export function queryFeedCache(queryClient: QueryClient): TFeedPageCache {
  return {
    get(params, page, maxAgeMs, now) {
      const state = queryClient.getQueryState<TFeedPage>(feedPageKeys.page(params, page));
      if (!state?.data || state.isInvalidated || now - state.dataUpdatedAt >= maxAgeMs) return null;
      return state.data;
    },
    set(params, page, value, now) {
      queryClient.setQueryData(feedPageKeys.page(params, page), value, { updatedAt: now });
    },
    clear() {
      queryClient.removeQueries({ queryKey: feedPageKeys.all });
    },
  };
}
