import type { TNotification } from '@layerline/contract';
import { PATHS } from '../../app/paths';
import { workCommentLink } from '../comments/comment-link';
import { postPath } from '../community/post-link';

/**
 * Where an item leads (SPEC 2: clicking opens the work, with the comment
 * highlighted for comments): the work, the community post (ADR 0013: a like
 * or comment on a post has `post_id` and no `work_id`), the follower's
 * profile, or nowhere for a system message about neither.
 */
export function notificationTarget(item: TNotification): string | null {
  if (item.kind === 'follow') return item.user_id === null ? null : PATHS.profile(item.user_id);
  if (item.post_id !== null) {
    // The post's dialog, at the comment (and the thread of a reply) to highlight for 3000 ms.
    return item.kind === 'comment'
      ? postPath(item.post_id, item.comment_id, item.parent_id)
      : postPath(item.post_id);
  }
  if (item.work_id === null) return null;
  if (item.kind === 'comment' && item.comment_id !== null) {
    return workCommentLink(item.work_id, item.comment_id, item.parent_id);
  }
  return PATHS.work(item.work_id);
}
