import { LIMITS, type TPost } from '@layerline/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notePosts } from '../../entities/posts';
import { type TPagedList, type TPagedQueryOptions, usePagedList } from '../collections/paged-list';
import type { TFetchPostsPage } from './api';

export type TPostPages = TPagedList<TPost>;

/**
 * A paged list of posts (the shared paged list at the posts' page size).
 * Its cards show each post as the post's entry has it (ADR 0049), so likes,
 * comment counts, edits and deletions made anywhere show without a reload;
 * its answers refresh the entries they are newer than.
 */
export function usePostPages(
  queryKey: QueryKey,
  fetchPage: TFetchPostsPage,
  enabled = true,
  options?: TPagedQueryOptions,
): TPostPages {
  const queryClient = useQueryClient();
  const fetchNoted = useCallback<TFetchPostsPage>(
    async (page, signal) => {
      const askedAt = Date.now();
      const answer = await fetchPage(page, signal);
      notePosts(queryClient, answer.data, askedAt);
      return answer;
    },
    [fetchPage, queryClient],
  );
  return usePagedList({
    queryKey,
    fetchPage: fetchNoted,
    pageSize: LIMITS.postPageSize,
    enabled,
    options,
  });
}
