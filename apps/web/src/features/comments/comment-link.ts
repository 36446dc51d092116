import { PATHS } from '../../app/paths';

/** Query parameters of /work/:id that point at a comment (and the thread of a reply). */
export const COMMENT_PARAM = 'comment';
export const THREAD_PARAM = 'thread';

/** The work's address with a comment or reply to scroll to and highlight (SPEC 4, SPEC 9). */
export function workCommentLink(workId: number, commentId: number, threadId?: number | null) {
  const query = new URLSearchParams({ [COMMENT_PARAM]: String(commentId) });
  if (threadId) query.set(THREAD_PARAM, String(threadId));
  return `${PATHS.work(workId)}?${query.toString()}`;
}

/** The comment a /work/:id address points at, or null. */
export function linkedComment(search: URLSearchParams): { id: number; threadId: number } | null {
  const id = Number(search.get(COMMENT_PARAM));
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const thread = Number(search.get(THREAD_PARAM));
  return { id, threadId: Number.isSafeInteger(thread) && thread > 0 ? thread : id };
}
