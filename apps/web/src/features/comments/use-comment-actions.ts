import '../../i18n/lazy/comments';
import type { TReply } from '@layerline/contract';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { patchPostState } from '../../entities/posts';
import { patchWorkState } from '../../entities/works';
import { isApiError } from '../../lib/api';
import { useSessionStore } from '../../stores/session.store';
import { createComment, deleteComment, type TCommentSubjectKind } from './api';
import { planComment, type TReplyContext } from './reply-target';
import type { TCommentList } from './use-comment-list';

/** Transport failures and 406 (with the words found) were reported by the client; these carry the server's msg. */
function reportable(error: unknown): string | null {
  return isApiError(error) && (error.kind === 'business' || error.kind === 'notFound')
    ? error.message
    : null;
}

function setCommentCount(
  queryClient: QueryClient,
  kind: TCommentSubjectKind,
  id: number,
  count: number,
): void {
  if (kind === 'work') patchWorkState(queryClient, id, { comment_count: count });
  else patchPostState(queryClient, id, { comment_count: count });
}

type TActionsInput = {
  kind: TCommentSubjectKind;
  subjectId: number;
  list: TCommentList;
  draft: string;
  replyContext: TReplyContext | null;
  /** After a successful post: clear the input, highlight the new item. */
  onSent: (id: number) => void;
};

/**
 * Posting (SPEC 3 create payload, SPEC 5 rules) and deleting (SPEC 6 rights,
 * SPEC 7 data.count). The subject's new comment count goes to its entry
 * (ADR 0049): the work's detail and every card of the post show it.
 */
export function useCommentActions({
  kind,
  subjectId,
  list,
  draft,
  replyContext,
  onSent,
}: TActionsInput) {
  const { t } = useTranslation(['comments', 'common']);
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const userId = useSessionStore((state) => state.user.userId);
  const [isSending, setSending] = useState(false);
  const plan = useMemo(() => planComment(draft, replyContext), [draft, replyContext]);
  const { addComment, addReply, removeItem } = list;

  const send = useCallback(async () => {
    if (plan.content === '' || isSending) return;
    setSending(true);
    try {
      const { comment, commentTotal } = await createComment(
        { kind, id: subjectId },
        {
          content: plan.content,
          user_id: Number(userId) || undefined,
          pre_next: plan.pre_next,
          ...(plan.replyTo === undefined ? {} : { replyTo: plan.replyTo }),
        },
      );
      if (comment.parent_id === null) addComment(comment, commentTotal);
      else addReply(comment.parent_id, comment, commentTotal);
      setCommentCount(queryClient, kind, subjectId, commentTotal);
      onSent(comment.ID);
    } catch (error) {
      const text = reportable(error);
      if (text) void message.error(text);
    } finally {
      setSending(false);
    }
  }, [
    addComment,
    addReply,
    isSending,
    kind,
    message,
    onSent,
    plan,
    queryClient,
    subjectId,
    userId,
  ]);

  /** `threadId` is the comment a reply is under; null deletes a comment with its replies. */
  const requestDelete = useCallback(
    (item: TReply, threadId: number | null) => {
      const isReply = threadId !== null;
      void modal.confirm({
        title: t(isReply ? 'deleteReplyTitle' : 'deleteCommentTitle'),
        content: t(isReply ? 'deleteReplyBody' : 'deleteCommentBody'),
        okText: t('deleteOk'),
        cancelText: t('common:cancel'),
        okButtonProps: { danger: true, 'data-testid': 'comment-delete-confirm' },
        onOk: async () => {
          try {
            const { count, comment_total } = await deleteComment(kind, item.ID);
            removeItem(item.ID, threadId, count);
            setCommentCount(queryClient, kind, subjectId, comment_total);
            void message.success(t('deleted'));
          } catch (error) {
            const text = reportable(error);
            if (text) void message.error(text);
          }
        },
      });
    },
    [kind, message, modal, queryClient, removeItem, subjectId, t],
  );

  const canSend = plan.content !== '' && !isSending;
  return useMemo(
    () => ({ canSend, isSending, send, requestDelete }),
    [canSend, isSending, send, requestDelete],
  );
}
