import { COMMUNITY_TABS, type TCommunityTab } from '@layerline/contract';
import { PATHS } from '../../app/paths';
import { COMMENT_PARAM, THREAD_PARAM } from '../comments/comment-link';

/** Query parameters of /community: the feed tab, and the post whose dialog is open. */
export const TAB_PARAM = 'tab';
export const POST_PARAM = 'post';
export { COMMENT_PARAM, THREAD_PARAM };

export const DEFAULT_TAB: TCommunityTab = 'recommend';

export function isCommunityTab(value: string | null): value is TCommunityTab {
  return (COMMUNITY_TABS as readonly (string | null)[]).includes(value);
}

/**
 * A post's address: its dialog over /community, with a comment or reply to
 * scroll to and highlight (SPEC 4, SPEC 9) when given.
 */
export function postPath(postId: number, commentId?: number | null, threadId?: number | null) {
  const query = new URLSearchParams({ [POST_PARAM]: String(postId) });
  if (commentId) query.set(COMMENT_PARAM, String(commentId));
  if (threadId && threadId !== commentId) query.set(THREAD_PARAM, String(threadId));
  return `${PATHS.community}?${query.toString()}`;
}

/** The post a /community address opens, or null. */
export function linkedPost(search: URLSearchParams): number | null {
  const id = Number(search.get(POST_PARAM));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
