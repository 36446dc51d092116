import { apiPath, LIMITS } from '@layerline/contract';
import { useMemo } from 'react';
import { keptFiveMinutes } from '../../app/query-client';
import { callApi } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { communityKeys, type TFetchPostsPage, type TPostsPage } from '../community/api';
import { usePostPages } from '../community/use-post-pages';

/** Ours (ADR 0013): community posts matching the search text, with SPEC 4's search rules. */
export const POST_SEARCH_PATH = apiPath('community.search');

/**
 * A page of the posts a search finds. Unlike the community tabs, kept by
 * SPEC 7's GET rule: the same page asked again within 200 ms is one call
 * (the path has /community/), and an answer is reused for 5 minutes
 * (`keptFiveMinutes`) until the user's next write, a like included; a login
 * or logout makes it old too, so `is_like` stays the viewer's. The
 * list shows failures in place: no toast, no /404.
 */
async function fetchPostSearchPage(
  query: string,
  page: number,
  signal?: AbortSignal,
): Promise<TPostsPage> {
  const envelope = await callApi(
    'community.search',
    { query: { query, page, pageSize: LIMITS.postPageSize } },
    { signal, silent: true, redirectOnNotFound: false },
  );
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, total: envelope.total ?? data.length };
}

/** The page fetcher of the search's post list (PostList). */
export function postSearchPages(query: string): TFetchPostsPage {
  return (page, signal) => fetchPostSearchPage(query, page, signal);
}

/** The search's post list, per viewer (`is_like` differs per account). */
export function usePostSearchKey(query: string) {
  const viewer = useSessionStore((state) => state.user.userId);
  return communityKeys.search(query, viewer);
}

/**
 * How many posts a search finds, for the Works | Posts switch (null while
 * unknown): it watches the Posts list's own query, so the count and the list
 * are one request and one cache entry.
 */
export function usePostSearchTotal(query: string): number | null {
  const key = usePostSearchKey(query);
  const fetchPage = useMemo(() => postSearchPages(query), [query]);
  const list = usePostPages(key, fetchPage, query !== '', keptFiveMinutes);
  return list.status === 'ready' ? list.total : null;
}
