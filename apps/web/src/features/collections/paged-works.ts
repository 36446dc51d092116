import { LIMITS, type TWorkCard } from '@layerline/contract';
import {
  type InfiniteData,
  type QueryKey,
  useInfiniteQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { retryCancelled } from '../feed/feed-query';
import { applyWorkCountsToList, type TWorkCounts, useWorkCountsUpdated } from '../feed/work-counts';

/** SPEC 9: lists of works load 50 at a time, like the feed. */
export const PAGED_WORKS_PAGE_SIZE = LIMITS.feedPageSize;

/** One answer of a paged works list (`{data, total}`, DESIGN 3) with the page it answers. */
export type TWorksPage = { data: TWorkCard[]; total: number; page: number };

export type TFetchWorksPage = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<{ data: TWorkCard[]; total: number }>;

/**
 * SPEC 4 Feed rule, used by every paged works list: more pages exist while
 * the current page is below ceil(total / page size). An empty page ends the
 * list too, so a total that shrank meanwhile cannot loop.
 */
export function nextPageOf(last: TWorksPage, pageSize = PAGED_WORKS_PAGE_SIZE): number | undefined {
  if (last.data.length === 0) return undefined;
  return last.page < Math.ceil(last.total / pageSize) ? last.page + 1 : undefined;
}

/** Cards of all loaded pages; a work that moved to a later page meanwhile shows once. */
export function flattenPages(pages: readonly TWorksPage[]): TWorkCard[] {
  const seen = new Set<number>();
  const items: TWorkCard[] = [];
  for (const page of pages) {
    for (const work of page.data) {
      if (seen.has(work.id)) continue;
      seen.add(work.id);
      items.push(work);
    }
  }
  return items;
}

/** The loaded pages with one work's new like or collect counts; the same object when unchanged. */
export function patchPagesCounts(
  data: InfiniteData<TWorksPage, number> | undefined,
  counts: TWorkCounts,
): InfiniteData<TWorksPage, number> | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    const cards = applyWorkCountsToList(page.data, counts);
    if (cards === page.data) return page;
    changed = true;
    return { ...page, data: [...cards] };
  });
  return changed ? { ...data, pages } : data;
}

export type TPagedWorksStatus = 'loading' | 'error' | 'ready';

export interface TPagedWorks {
  status: TPagedWorksStatus;
  items: TWorkCard[];
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
 * A paged works list (collection works, a profile's tabs) on TanStack's
 * infinite query: page 1 first, the next page on demand, never two loads at
 * once and none after the last page.
 */
export function usePagedWorks({
  queryKey,
  fetchPage,
  enabled = true,
}: {
  queryKey: QueryKey;
  fetchPage: TFetchWorksPage;
  enabled?: boolean;
}): TPagedWorks {
  const queryClient = useQueryClient();
  // A like or collect in a work's detail shows on its card without a reload (SPEC 4 Social actions).
  useWorkCountsUpdated((counts) => {
    queryClient.setQueryData<InfiniteData<TWorksPage, number>>(queryKey, (data) =>
      patchPagesCounts(data, counts),
    );
  });
  const query = useInfiniteQuery({
    queryKey,
    queryFn: async ({ pageParam, signal }): Promise<TWorksPage> => {
      const answer = await fetchPage(pageParam, PAGED_WORKS_PAGE_SIZE, signal);
      return { data: answer.data, total: answer.total, page: pageParam };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => nextPageOf(last),
    enabled,
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

  const status: TPagedWorksStatus = pages ? 'ready' : query.isError ? 'error' : 'loading';
  return {
    status,
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
