import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { retryCancelled } from '../feed/feed-query';

/** One answer of a paged list (`{data, total}`, DESIGN 3) with the page it answers. */
export type TPage<T> = { data: T[]; total: number; page: number };

export type TFetchPage<T> = (
  page: number,
  signal: AbortSignal,
) => Promise<{ data: T[]; total: number }>;

export type TPagedListStatus = 'loading' | 'error' | 'ready';

/** How long a list's pages stay fresh, and what marks them (`keptFiveMinutes`). */
export type TPagedQueryOptions = { staleTime?: number; meta?: Record<string, unknown> };

export interface TPagedList<T> {
  status: TPagedListStatus;
  items: T[];
  total: number;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** The next page failed; the page number stays where it was (SPEC 4 rollback). */
  loadMoreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
}

/**
 * SPEC 4 Feed rule, used by every paged list: more pages exist while the
 * current page is below ceil(total / page size). An empty page ends the list
 * too, so a total that shrank meanwhile cannot loop.
 */
export function nextPageOf<T>(last: TPage<T>, pageSize: number): number | undefined {
  if (last.data.length === 0) return undefined;
  return last.page < Math.ceil(last.total / pageSize) ? last.page + 1 : undefined;
}

/** Items of all loaded pages; one that moved to a later page meanwhile shows once. */
export function flattenPages<T extends { id: number }>(pages: readonly TPage<T>[]): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages) {
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/**
 * A paged list (works of a collection or a profile, community posts) on
 * TanStack's infinite query: page 1 first, the next page on demand, never two
 * loads at once and none after the last page. Callers that patch loaded
 * pages (a like shown without a reload) do so on `queryKey`.
 */
export function usePagedList<T extends { id: number }>({
  queryKey,
  fetchPage,
  pageSize,
  enabled = true,
  options,
}: {
  queryKey: QueryKey;
  fetchPage: TFetchPage<T>;
  pageSize: number;
  enabled?: boolean;
  options?: TPagedQueryOptions;
}): TPagedList<T> {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<TPage<T>> => {
      const answer = await fetchPage(pageParam, signal);
      return { data: answer.data, total: answer.total, page: pageParam };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last, pageSize),
    enabled,
    ...options,
    ...retryCancelled,
  });
  const { data, error, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const { fetchNextPage, refetch, isFetching } = query;
  const pages = data?.pages;
  const items = useMemo(() => flattenPages(pages ?? []), [pages]);

  const loadMore = useCallback(() => {
    if (!hasNextPage || isFetching) return;
    void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching]);
  const retry = useCallback(() => {
    if (pages && pages.length > 0) void fetchNextPage();
    else void refetch();
  }, [fetchNextPage, pages, refetch]);

  return {
    status: pages ? 'ready' : query.isError ? 'error' : 'loading',
    items,
    total: pages?.at(-1)?.total ?? 0,
    error,
    hasMore: Boolean(hasNextPage),
    isLoadingMore: isFetchingNextPage,
    loadMoreFailed: isFetchNextPageError,
    loadMore,
    retry,
  };
}
