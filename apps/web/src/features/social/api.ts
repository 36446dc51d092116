import '../../i18n/lazy/social';
import type {
  TFavorResult,
  TFollowResult,
  TFollowState,
  TLikeResult,
  TWorkDetail,
} from '@layerline/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../app/feedback';
import { makerMutationKey, patchMakerState } from '../../entities/makers';
import { patchWorkState, workMutationKey } from '../../entities/works';
import { callApi, isApiError, isCancel, type TRequestOptions } from '../../lib/api';
import { createLeadingDebounce } from './leading-debounce';
import { useLoginGuard } from './use-login-guard';

/** Failures are reported by the caller in SPEC 8's words, not by the client's generic toast. */
const QUIET: TRequestOptions = { silent: true, redirectOnNotFound: false };

/** PUT likes, DELETE unlikes (SPEC 7); idempotent on the server. */
export async function setLike(workId: number, like: boolean): Promise<TLikeResult> {
  const input = { params: { id: workId } };
  const envelope = like
    ? await callApi('social.like', input, QUIET)
    : await callApi('social.unlike', input, QUIET);
  return envelope.data;
}

/** POST collects, DELETE uncollects (SPEC 7). */
export async function setFavor(workId: number, favor: boolean): Promise<TFavorResult> {
  const input = { params: { id: workId } };
  const envelope = favor
    ? await callApi('social.favor', input, QUIET)
    : await callApi('social.unfavor', input, QUIET);
  return envelope.data;
}

/** POST follows, DELETE unfollows (SPEC 7); the client reports transport failures itself. */
export async function setFollow(userId: number, follow: boolean): Promise<TFollowResult> {
  const input = { params: { id: userId } };
  const options: TRequestOptions = { redirectOnNotFound: false };
  const envelope = follow
    ? await callApi('social.follow', input, options)
    : await callApi('social.unfollow', input, options);
  return envelope.data;
}

/** An expired session ends in the login-expired dialog; a cancelled call is silent (SPEC 8). */
function isReportable(error: unknown): boolean {
  return !isCancel(error) && !(isApiError(error) && error.kind === 'unauthorized');
}

/**
 * SPEC 4: like changes after the server answered, debounced by 500 ms; a
 * failure shows the SPEC 8 like-error message. Visitors get the login dialog.
 * The answer goes to the work's entry (ADR 0049): the detail and every card
 * of the work show it.
 */
export function useLikeWork(work: Pick<TWorkDetail, 'id' | 'is_like'>) {
  const { t } = useTranslation('social');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canAct = useLoginGuard();
  const gate = useMemo(() => createLeadingDebounce(), []);
  const mutation = useMutation({
    mutationKey: workMutationKey(work.id),
    mutationFn: (like: boolean) => setLike(work.id, like),
    onSuccess: (result) => {
      patchWorkState(queryClient, work.id, { is_like: result.is_like, like: result.like });
    },
    onError: (error) => {
      if (isReportable(error)) void message.error(t('likeFailed'));
    },
  });
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    if (!canAct() || !gate.pass() || isPending) return;
    mutate(!work.is_like);
  }, [canAct, gate, isPending, mutate, work.is_like]);
  return { toggle, isPending };
}

/**
 * SPEC 4: collect is optimistic; SPEC 8: a failure puts the state and count
 * back and says 'operation failed, please retry later'. Counts never go below 0.
 */
export function useFavorWork(work: Pick<TWorkDetail, 'id' | 'is_favor' | 'favor'>) {
  const { t } = useTranslation('social');
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canAct = useLoginGuard();
  const mutation = useMutation({
    mutationKey: workMutationKey(work.id),
    mutationFn: (favor: boolean) => setFavor(work.id, favor),
    // `work` is the work as shown (its entry over its answer): the state to go back to.
    onMutate: (favor) => {
      const before = { is_favor: work.is_favor, favor: work.favor };
      patchWorkState(queryClient, work.id, {
        is_favor: favor,
        favor: work.favor + (favor ? 1 : -1),
      });
      return before;
    },
    onSuccess: (result) => {
      patchWorkState(queryClient, work.id, { is_favor: result.is_favor, favor: result.favor });
    },
    onError: (error, _favor, before) => {
      if (before) patchWorkState(queryClient, work.id, before);
      if (isReportable(error)) void message.error(t('collectFailed'));
    },
  });
  const { mutate, isPending } = mutation;
  const toggle = useCallback(() => {
    // One call at a time: the optimistic state always matches the call in flight.
    if (!canAct() || isPending) return;
    mutate(!work.is_favor);
  }, [canAct, isPending, mutate, work.is_favor]);
  return { toggle, isPending };
}

export function isFollowing(state: TFollowState): boolean {
  return state === 'following' || state === 'mutual';
}

/**
 * SPEC 4: follow toggles after the call succeeded, debounced by 500 ms. The
 * answer's state and fan count go to the maker's entry (ADR 0049), so the
 * author block, the hover card, the profile and a follow notification agree.
 */
export function useFollowUser(userId: number) {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const canAct = useLoginGuard();
  const gate = useMemo(() => createLeadingDebounce(), []);
  const mutation = useMutation({
    mutationKey: makerMutationKey(userId),
    mutationFn: (follow: boolean) => setFollow(userId, follow),
    onSuccess: (result) => {
      patchMakerState(queryClient, userId, {
        is_follow: result.is_follow,
        follow_state: result.follow_state,
        fans_count: result.fans_count,
      });
    },
    onError: (error) => {
      // Business refusals (following oneself) carry the server's localised msg.
      if (isApiError(error) && (error.kind === 'business' || error.kind === 'notFound')) {
        void message.error(error.message);
      }
    },
  });
  const { mutate, isPending } = mutation;
  const toggle = useCallback(
    (state: TFollowState) => {
      if (!canAct() || !gate.pass() || isPending) return;
      mutate(!isFollowing(state));
    },
    [canAct, gate, isPending, mutate],
  );
  return { toggle, isPending };
}
