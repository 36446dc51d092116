import {
  LIMITS,
  type TCommunityTab,
  type TLikeResult,
  type TPost,
  type TPostInput,
} from '@layerline/contract';
import { apiClient, type TRequestOptions } from '../../lib/api';

/**
 * Community paths (ADR 0013; ours, SPEC 7 does not show them). Every one
 * holds /community/, so the client's 200 ms de-dup window applies (SPEC 9).
 */
export const COMMUNITY_PATHS = {
  feed: (tab: TCommunityTab) => `/api/v1/community/feed/${tab}`,
  create: '/api/v1/community/post',
  post: (id: number) => `/api/v1/community/post/${id}`,
  like: (id: number) => `/api/v1/community/post/${id}/like`,
  userPosts: (uid: number) => `/api/v1/community/user/${uid}/posts`,
  search: '/api/v1/community/search',
} as const;

/**
 * Query keys of community data. `viewer` is the session's user id ('' for a
 * visitor): `is_like` and my activity differ per account. Lists built on
 * PostList may use any key; these are the ones the community page uses.
 */
export const communityKeys = {
  all: ['community'] as const,
  feeds: () => [...communityKeys.all, 'feed'] as const,
  feed: (tab: TCommunityTab, viewer: string) => [...communityKeys.feeds(), tab, viewer] as const,
  user: (uid: number, viewer: string) => [...communityKeys.all, 'user', uid, viewer] as const,
  search: (query: string, viewer: string) =>
    [...communityKeys.all, 'search', query, viewer] as const,
  post: (id: number, viewer: string) => [...communityKeys.all, 'post', id, viewer] as const,
  myWorks: (viewer: string) => [...communityKeys.all, 'my-works', viewer] as const,
};

/** One page of a post list (DESIGN 3 `{data, total}`). */
export type TPostsPage = { data: TPost[]; total: number };
export type TFetchPostsPage = (page: number, signal?: AbortSignal) => Promise<TPostsPage>;

/** Likes and my activity differ per account: never from the client's shared GET cache. */
const PERSONAL: TRequestOptions = { cache: false, silent: true, redirectOnNotFound: false };

async function getPostsPage(
  path: string,
  page: number,
  signal: AbortSignal | undefined,
  query: Record<string, string | number> = {},
): Promise<TPostsPage> {
  const envelope = await apiClient.get<TPost[] | null>(path, {
    ...PERSONAL,
    query: { ...query, page, pageSize: LIMITS.postPageSize },
    signal,
  });
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, total: envelope.total ?? data.length };
}

/** GET /community/feed/{tab}: recommend, square, or my activity (`mine`, login required). */
export function fetchFeedPage(tab: TCommunityTab): TFetchPostsPage {
  return (page, signal) => getPostsPage(COMMUNITY_PATHS.feed(tab), page, signal);
}

/** GET /community/user/{uid}/posts: a maker's posts, newest first (profile tab). */
export function fetchUserPostsPage(uid: number): TFetchPostsPage {
  return (page, signal) => getPostsPage(COMMUNITY_PATHS.userPosts(uid), page, signal);
}

/** GET /community/search?query=: posts matching the text (SPEC 4 search rules). */
export function fetchPostSearchPage(query: string): TFetchPostsPage {
  return (page, signal) => getPostsPage(COMMUNITY_PATHS.search, page, signal, { query });
}

/** GET one post (the dialog of `/community?post=ID`); a missing one is the dialog's own state. */
export async function fetchPost(id: number, signal?: AbortSignal): Promise<TPost> {
  return (await apiClient.get<TPost>(COMMUNITY_PATHS.post(id), { ...PERSONAL, signal })).data;
}

/**
 * POST a new post or PUT an edited one. Silent: the composer shows the
 * envelope's msg itself (SPEC 8 406 sensitive words with the words found,
 * 429 too many posts, SPEC 5 rules).
 */
export async function savePost(body: TPostInput, id?: number): Promise<TPost> {
  const options: TRequestOptions = { silent: true, redirectOnNotFound: false };
  const envelope =
    id === undefined
      ? await apiClient.post<TPost>(COMMUNITY_PATHS.create, body, options)
      : await apiClient.put<TPost>(COMMUNITY_PATHS.post(id), body, options);
  return envelope.data;
}

export async function deletePost(id: number): Promise<{ id: number }> {
  return (
    await apiClient.del<{ id: number }>(COMMUNITY_PATHS.post(id), {
      silent: true,
      redirectOnNotFound: false,
    })
  ).data;
}

/** PUT likes, DELETE unlikes; idempotent on the server, which answers the new count. */
export async function setPostLike(id: number, like: boolean): Promise<TLikeResult> {
  const path = COMMUNITY_PATHS.like(id);
  const options: TRequestOptions = { silent: true, redirectOnNotFound: false };
  const envelope = like
    ? await apiClient.put<TLikeResult>(path, undefined, options)
    : await apiClient.del<TLikeResult>(path, options);
  return envelope.data;
}
