import { LIMITS, type TWorkCard } from '@layerline/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { noteWorks } from '../../entities/works';
import { type TPage, type TPagedList, type TPagedQueryOptions, usePagedList } from './paged-list';

/** SPEC 9: lists of works load 50 at a time, like the feed. */
export const PAGED_WORKS_PAGE_SIZE = LIMITS.feedPageSize;

/** One answer of a paged works list (`{data, total}`, DESIGN 3) with the page it answers. */
export type TWorksPage = TPage<TWorkCard>;

export type TFetchWorksPage = (
  page: number,
  pageSize: number,
  signal: AbortSignal,
) => Promise<{ data: TWorkCard[]; total: number }>;

export type TPagedWorks = TPagedList<TWorkCard>;

/**
 * A paged works list (collection works, a profile's tabs), 50 a page: the
 * shared paged list. Its cards show each work as the work's entry has it
 * (ADR 0049), so a like or collect made in a work's detail shows on its card
 * without a reload (SPEC 4 Social actions); its answers refresh the entries
 * they are newer than.
 */
export function usePagedWorks({
  queryKey,
  fetchPage,
  enabled = true,
  options,
}: {
  queryKey: QueryKey;
  fetchPage: TFetchWorksPage;
  enabled?: boolean;
  options?: TPagedQueryOptions;
}): TPagedWorks {
  const queryClient = useQueryClient();
  const fetchWorks = useCallback(
    async (page: number, signal: AbortSignal) => {
      const askedAt = Date.now();
      const answer = await fetchPage(page, PAGED_WORKS_PAGE_SIZE, signal);
      noteWorks(queryClient, answer.data, askedAt);
      return answer;
    },
    [fetchPage, queryClient],
  );
  return usePagedList({
    queryKey,
    fetchPage: fetchWorks,
    pageSize: PAGED_WORKS_PAGE_SIZE,
    enabled,
    options,
  });
}
