import { LIMITS, type TWorkCard } from '@layerline/contract';
import { type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { applyWorkCountsToList, type TWorkCounts, useWorkCountsUpdated } from '../feed/work-counts';
import { type TPage, type TPagedList, usePagedList } from './paged-list';

/** SPEC 9: lists of works load 50 at a time, like the feed. */
export const PAGED_WORKS_PAGE_SIZE = LIMITS.feedPageSize;

/** One answer of a paged works list (`{data, total}`, DESIGN 3) with the page it answers. */
export type TWorksPage = TPage<TWorkCard>;

export type TFetchWorksPage = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<{ data: TWorkCard[]; total: number }>;

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

export type TPagedWorks = TPagedList<TWorkCard>;

/**
 * A paged works list (collection works, a profile's tabs), 50 a page: the
 * shared paged list, with a like or collect made in a work's detail shown on
 * its card without a reload (SPEC 4 Social actions).
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
  useWorkCountsUpdated((counts) => {
    queryClient.setQueryData<InfiniteData<TWorksPage, number>>(queryKey, (data) =>
      patchPagesCounts(data, counts),
    );
  });
  const fetchWorks = useCallback(
    (page: number, signal: AbortSignal) => fetchPage(page, PAGED_WORKS_PAGE_SIZE, signal),
    [fetchPage],
  );
  return usePagedList({
    queryKey,
    fetchPage: fetchWorks,
    pageSize: PAGED_WORKS_PAGE_SIZE,
    enabled,
  });
}
