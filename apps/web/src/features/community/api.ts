import {
  LIMITS,
  type TCommunityTab,
  type TLikeResult,
  type TPost,
  type TPostInput,
} from '@layerline/contract';
import { callApi, type TRequestOptions } from '../../lib/api';

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

/** Likes and my activity differ per account; the lists show their own failures. */
const PERSONAL: TRequestOptions = { silent: true, redirectOnNotFound: false };

type TPostsEnvelope = { data?: TPost[] | null; total?: number };

/** DESIGN 3: a missing list is an empty page; a missing total is the page's length. */
function toPostsPage(envelope: TPostsEnvelope): TPostsPage {
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, total: envelope.total ?? data.length };
}

/** GET /community/feed/{tab}: recommend, square, or my activity (`mine`, login required). */
export function fetchFeedPage(tab: TCommunityTab): TFetchPostsPage {
  return async (page, signal) =>
    toPostsPage(
      await callApi(
        'community.feed',
        { params: { tab }, query: { page, pageSize: LIMITS.postPageSize } },
        { ...PERSONAL, signal },
      ),
    );
}

/** GET /community/user/{uid}/posts: a maker's posts, newest first (profile tab). */
export function fetchUserPostsPage(uid: number): TFetchPostsPage {
  return async (page, signal) =>
    toPostsPage(
      await callApi(
        'community.userPosts',
        { params: { uid }, query: { page, pageSize: LIMITS.postPageSize } },
        { ...PERSONAL, signal },
      ),
    );
}

/** GET /community/search?query=: posts matching the text (SPEC 4 search rules). */
export function fetchPostSearchPage(query: string): TFetchPostsPage {
  return async (page, signal) =>
    toPostsPage(
      await callApi(
        'community.search',
        { query: { query, page, pageSize: LIMITS.postPageSize } },
        { ...PERSONAL, signal },
      ),
    );
}

/** GET one post (the dialog of `/community?post=ID`); a missing one is the dialog's own state. */
export async function fetchPost(id: number, signal?: AbortSignal): Promise<TPost> {
  return (await callApi('community.get', { params: { postId: id } }, { ...PERSONAL, signal })).data;
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
      ? await callApi('community.create', { body }, options)
      : await callApi('community.update', { params: { postId: id }, body }, options);
  return envelope.data;
}

export async function deletePost(id: number): Promise<{ id: number }> {
  return (
    await callApi(
      'community.delete',
      { params: { postId: id } },
      { silent: true, redirectOnNotFound: false },
    )
  ).data;
}

/** PUT likes, DELETE unlikes; idempotent on the server, which answers the new count. */
export async function setPostLike(id: number, like: boolean): Promise<TLikeResult> {
  const input = { params: { postId: id } };
  const options: TRequestOptions = { silent: true, redirectOnNotFound: false };
  const envelope = like
    ? await callApi('community.like', input, options)
    : await callApi('community.unlike', input, options);
  return envelope.data;
}
