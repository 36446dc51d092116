import '../../i18n/lazy/community';
import '../../i18n/lazy/social';
import type { TPost } from '@layerline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { patchPostState, postMutationKey, removePost } from '../../entities/posts';
import { isApiError, isCancel } from '../../lib/api';
import { canModerate, useSessionStore } from '../../stores/session.store';
import { createLeadingDebounce } from '../social/leading-debounce';
import { useLoginGuard } from '../social/use-login-guard';
import { communityKeys, deletePost, setPostLike } from './api';

/** An expired session ends in the login dialog (SPEC 2 community); a cancelled call is silent. */
function isReportable(error: unknown): boolean {
  return !isCancel(error) && !(isApiError(error) && error.kind === 'unauthorized');
}

/** The envelope's msg for refusals (429, 403, 404), the client's words for the rest. */
export function errorText(error: unknown, fallback: string): string | null {
  if (!isReportable(error)) return null;
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Who may do what with a post (SPEC 6 as for works and comments): its author
 * edits and deletes it; moderators and admins delete any (the server
 * enforces both).
 */
export function usePostRights(post: Pick<TPost, 'user_id'>) {
  const myId = useSessionStore((state) => state.user.userId);
  const isLogin = useSessionStore((state) => state.isLogin);
  const role = useSessionStore((state) => state.user.role);
  const isAuthor = isLogin && myId !== '' && String(post.user_id) === myId;
  return { isAuthor, canEdit: isAuthor, canDelete: isAuthor || (isLogin && canModerate(role)) };
}

/**
 * Like and unlike a post: optimistic (the heart and count change at once and
 * go back on failure with SPEC 8's like-error message), debounced by 500 ms
 * like SPEC 4's likes, one call at a time. Visitors get the login dialog.
 * `post` is the post as shown; the change goes to its entry, so every card
 * of it shows it (ADR 0049).
 */
export function useLikePost(post: Pick<TPost, 'id' | 'is_like' | 'like'>) {
  const { t } = useTranslation('social');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canAct = useLoginGuard();
  const gate = useMemo(() => createLeadingDebounce(), []);
  const mutation = useMutation({
    mutationKey: postMutationKey(post.id),
    mutationFn: (like: boolean) => setPostLike(post.id, like),
    onMutate: (like) => {
      const before = { is_like: post.is_like, like: post.like };
      patchPostState(queryClient, post.id, { is_like: like, like: post.like + (like ? 1 : -1) });
      return before;
    },
    onSuccess: (result) => {
      patchPostState(queryClient, post.id, { is_like: result.is_like, like: result.like });
    },
    onError: (error, _like, before) => {
      if (before) patchPostState(queryClient, post.id, before);
      if (isReportable(error)) void message.error(t('likeFailed'));
    },
  });
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (!canAct() || !gate.pass() || isPending) return;
    mutate(!post.is_like);
  }, [canAct, gate, isPending, mutate, post.is_like]);
  return { toggle, isPending };
}

/** Delete after a confirmation; every card of the post goes and `onDeleted` runs (a dialog closes). */
export function useDeletePost(postId: number, onDeleted?: () => void) {
  const { t } = useTranslation(['community', 'common']);
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void modal.confirm({
      title: t('menu.deleteTitle'),
      content: t('menu.deleteBody'),
      okText: t('menu.deleteOk'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'post-delete-confirm' },
      onOk: async () => {
        try {
          await deletePost(postId);
          // Every card of it goes (ADR 0049).
          removePost(queryClient, postId);
          queryClient.removeQueries({ queryKey: [...communityKeys.all, 'post', postId] });
          void message.success(t('menu.deleted'));
          onDeleted?.();
        } catch (error) {
          const text = errorText(error, t('menu.deleteFailed'));
          if (text) void message.error(text);
        }
      },
    });
  }, [message, modal, onDeleted, postId, queryClient, t]);
}
