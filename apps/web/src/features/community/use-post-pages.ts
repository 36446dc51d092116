import { LIMITS, type TPost } from '@layerline/contract';
import { type InfiniteData, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type TPage, type TPagedList, usePagedList } from '../collections/paged-list';
import type { TFetchPostsPage } from './api';
import { patchPostPages, usePostChanges } from './post-changes';

export type TPostPages = TPagedList<TPost>;

/**
 * A paged list of posts (the shared paged list at the posts' page size).
 * Likes, comment counts, edits and deletions made anywhere show in it
 * without a reload.
 */
export function usePostPages(
  queryKey: QueryKey,
  fetchPage: TFetchPostsPage,
  enabled = true,
): TPostPages {
  const queryClient = useQueryClient();
  usePostChanges((change) => {
    queryClient.setQueryData<InfiniteData<TPage<TPost>, number>>(queryKey, (data) =>
      patchPostPages(data, change),
    );
  });
  return usePagedList({ queryKey, fetchPage, pageSize: LIMITS.postPageSize, enabled });
}
