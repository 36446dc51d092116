import '../../i18n/lazy/comments';
import { LIMITS } from '@layerline/contract';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { canModerate, useSessionStore } from '../../stores/session.store';
import { CommentEntry } from './CommentEntry';
import { useComments } from './CommentsProvider';
import { hiddenReplies, shownReplies, type TThread } from './comment-threads';

/**
 * A comment with its replies: 1 shown first, then 5 more per click (SPEC 4,
 * SPEC 9). SPEC 6: authors delete their own; the comment's author also the
 * replies under it; moderators and admins any. Visitors see no replies (the server sends none).
 */
export function CommentThread({ thread }: { thread: TThread }) {
  const { t } = useTranslation('comments');
  const myId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const role = useSessionStore((state) => state.user.role);
  const { list, startReply, requestDelete, highlightedId } = useComments();
  const { comment } = thread;
  const isMine = (userId: number) => isLogin && myId !== '' && String(userId) === myId;
  const ownsThread = isMine(comment.UserID);
  // The server lets moderators and admins delete any comment or reply (DESIGN 3 roles).
  const moderates = isLogin && canModerate(role);
  const hidden = list.state.limited ? 0 : hiddenReplies(thread);
  const replies = shownReplies(thread);

  return (
    <CommentEntry
      item={comment}
      kind="comment"
      isHighlighted={highlightedId === comment.ID}
      canDelete={moderates || ownsThread}
      onReply={() => startReply(thread, comment)}
      onDelete={() => requestDelete(comment, null)}
    >
      {replies.length > 0 && (
        <ul className="comment-replies">
          {replies.map((reply) => (
            <CommentEntry
              key={reply.ID}
              item={reply}
              kind="reply"
              isHighlighted={highlightedId === reply.ID}
              canDelete={moderates || ownsThread || isMine(reply.UserID)}
              onReply={() => startReply(thread, reply)}
              onDelete={() => requestDelete(reply, comment.ID)}
            />
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <Button
          type="link"
          size="small"
          className="comment-replies__more"
          loading={thread.isLoading}
          onClick={() => void list.expandReplies(comment.ID)}
          data-testid="replies-more"
        >
          {t('moreReplies', { count: Math.min(hidden, LIMITS.repliesStep) })}
        </Button>
      )}
    </CommentEntry>
  );
}
