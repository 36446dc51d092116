import { LIMITS, type TComment, type TReply } from '@layerline/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  fetchComments,
  fetchReplies,
  REPLY_PAGE_SIZE,
  type TCommentPage,
  type TCommentSubjectKind,
} from './api';
import {
  appendNew,
  appendThreads,
  hiddenReplies,
  shownReplies,
  type TThread,
  toThread,
  withoutReply,
} from './comment-threads';

export type TCommentListState = {
  threads: TThread[];
  /** The last page loaded; a failed load leaves it where it was (SPEC 4 rollback). */
  page: number;
  total: number;
  /** Comments and replies together; null until the first page arrives. */
  commentTotal: number | null;
  limited: boolean;
  status: 'loading' | 'ready' | 'error';
  isLoadingMore: boolean;
  loadMoreFailed: boolean;
};

const INITIAL: TCommentListState = {
  threads: [],
  page: 0,
  total: 0,
  commentTotal: null,
  limited: false,
  status: 'loading',
  isLoadingMore: false,
  loadMoreFailed: false,
};

/** SPEC 4 Feed rule, applied to comments too: more pages while page < ceil(total / page size). */
export function hasMorePages(state: Pick<TCommentListState, 'page' | 'total' | 'limited'>) {
  return !state.limited && state.page < Math.ceil(state.total / LIMITS.commentPageSize);
}

/**
 * The comment list of one work or post (SPEC 4 Comments, SPEC 9 page size
 * 10): pages of comments, each thread's replies shown 1 then 5 more per
 * click, and the local changes of posting and deleting. Starts over when the
 * subject or the login changes (a visitor sees 2 comments, SPEC 6).
 */
export function useCommentList(kind: TCommentSubjectKind, subjectId: number, isLogin: boolean) {
  const [state, setState] = useState<TCommentListState>(INITIAL);
  // The authoritative state: async steps read it between renders (paging to a linked comment).
  const store = useRef(state);
  // Answers for an earlier subject or login are dropped.
  const generation = useRef(0);
  const isLoading = useRef(false);

  const update = useCallback((change: (current: TCommentListState) => TCommentListState) => {
    store.current = change(store.current);
    setState(store.current);
  }, []);

  const setThread = useCallback(
    (id: number, change: (thread: TThread) => TThread) =>
      update((current) => ({
        ...current,
        threads: current.threads.map((thread) =>
          thread.comment.ID === id ? change(thread) : thread,
        ),
      })),
    [update],
  );

  const loadPage = useCallback(
    async (page: number): Promise<TCommentPage | null> => {
      if (isLoading.current) return null;
      const run = generation.current;
      isLoading.current = true;
      if (page > 1) update((s) => ({ ...s, isLoadingMore: true, loadMoreFailed: false }));
      try {
        const answer = await fetchComments({ kind, id: subjectId }, page);
        if (run !== generation.current) return null;
        update((s) => ({
          ...s,
          threads: page === 1 ? answer.data.map(toThread) : appendThreads(s.threads, answer.data),
          page,
          total: answer.total,
          commentTotal: answer.comment_total,
          limited: answer.limited,
          status: 'ready',
          isLoadingMore: false,
        }));
        return answer;
      } catch {
        if (run !== generation.current) return null;
        // SPEC 4, SPEC 8: a comment load failure rolls the page back; the client said why.
        update((s) =>
          s.status === 'ready'
            ? { ...s, isLoadingMore: false, loadMoreFailed: true }
            : { ...s, status: 'error' },
        );
        return null;
      } finally {
        if (run === generation.current) isLoading.current = false;
      }
    },
    [update, kind, subjectId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a login or logout starts the list over (SPEC 6).
  useEffect(() => {
    generation.current += 1;
    isLoading.current = false;
    update(() => INITIAL);
    void loadPage(1);
  }, [loadPage, update, isLogin]);

  const reload = useCallback(() => {
    update((s) => ({ ...s, status: 'loading' }));
    return loadPage(1);
  }, [loadPage, update]);

  const loadMore = useCallback(() => {
    if (!hasMorePages(store.current)) return Promise.resolve(null);
    return loadPage(store.current.page + 1);
  }, [loadPage]);

  const findThread = useCallback(
    (id: number) => store.current.threads.find((thread) => thread.comment.ID === id),
    [],
  );

  /** The loaded thread a reply already shows in (its first reply comes with the page). */
  const findThreadOfReply = useCallback(
    (replyId: number) =>
      store.current.threads.find((thread) =>
        shownReplies(thread).some((reply) => reply.ID === replyId),
      ),
    [],
  );

  /**
   * Shows 5 more replies (SPEC 4), fetching what is missing. Resolves with
   * the thread as it is afterwards, or null when nothing could be loaded.
   */
  const expandReplies = useCallback(
    async (id: number): Promise<TThread | null> => {
      const thread = findThread(id);
      if (!thread || thread.isLoading || hiddenReplies(thread) === 0) return null;
      const run = generation.current;
      const visible = thread.visible + LIMITS.repliesStep;
      const need = Math.min(visible, thread.total);
      let { replies, pagesLoaded, total } = thread;
      setThread(id, (t) => ({ ...t, isLoading: true }));
      try {
        while (replies.length < need && pagesLoaded * REPLY_PAGE_SIZE < total) {
          const answer = await fetchReplies(kind, id, pagesLoaded + 1);
          pagesLoaded += 1;
          total = answer.total;
          replies = appendNew(replies, answer.replies);
          if (answer.replies.length === 0) break;
        }
      } catch {
        if (run === generation.current) setThread(id, (t) => ({ ...t, isLoading: false }));
        return null;
      }
      if (run !== generation.current) return null;
      setThread(id, (t) => ({ ...t, replies, pagesLoaded, total, visible, isLoading: false }));
      return findThread(id) ?? null;
    },
    [findThread, kind, setThread],
  );

  const addComment = useCallback(
    (comment: TComment, commentTotal: number) =>
      update((s) => ({
        ...s,
        threads: [toThread(comment), ...s.threads.filter((t) => t.comment.ID !== comment.ID)],
        total: s.total + 1,
        commentTotal,
      })),
    [update],
  );

  const addReply = useCallback(
    (threadId: number, reply: TReply, commentTotal: number) =>
      update((s) => ({
        ...s,
        commentTotal,
        threads: s.threads.map((t) =>
          t.comment.ID === threadId
            ? { ...t, extra: appendNew(t.extra, [reply]), total: t.total + 1 }
            : t,
        ),
      })),
    [update],
  );

  /** SPEC 7 delete: `count` rows went (a comment with its replies), so the total drops by it. */
  const removeItem = useCallback(
    (id: number, threadId: number | null, count: number) =>
      update((s) => ({
        ...s,
        commentTotal: s.commentTotal === null ? null : Math.max(0, s.commentTotal - count),
        total: threadId === null ? Math.max(0, s.total - 1) : s.total,
        threads:
          threadId === null
            ? s.threads.filter((t) => t.comment.ID !== id)
            : s.threads.map((t) => (t.comment.ID === threadId ? withoutReply(t, id) : t)),
      })),
    [update],
  );

  return useMemo(
    () => ({
      state,
      hasMore: hasMorePages(state),
      reload,
      loadMore,
      findThread,
      findThreadOfReply,
      expandReplies,
      addComment,
      addReply,
      removeItem,
    }),
    [
      state,
      reload,
      loadMore,
      findThread,
      findThreadOfReply,
      expandReplies,
      addComment,
      addReply,
      removeItem,
    ],
  );
}

export type TCommentList = ReturnType<typeof useCommentList>;
