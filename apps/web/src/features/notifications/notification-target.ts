import type { TNotification } from '@layerline/contract';
import { PATHS } from '../../app/paths';
import { workCommentLink } from '../comments/comment-link';

/**
 * Where an item leads (SPEC 2: clicking opens the work, with the comment
 * highlighted for comments): the work, the follower's profile, or nowhere
 * for a system message about no work.
 */
export function notificationTarget(item: TNotification): string | null {
  if (item.kind === 'follow') return item.user_id === null ? null : PATHS.profile(item.user_id);
  if (item.work_id === null) return null;
  if (item.kind === 'comment' && item.comment_id !== null) {
    return workCommentLink(item.work_id, item.comment_id, item.parent_id);
  }
  return PATHS.work(item.work_id);
}
