import { LIMITS, type TComment, type TReply } from '@layerline/contract';
import type { TParticipant } from './reply-target';

/**
 * A comment with its replies as the panel shows them. `replies` are the
 * server's, oldest first, as far as loaded; `extra` are replies posted here
 * that are not among them yet. `visible` of `replies` are shown (SPEC 4:
 * 1 first, then 5 more per click), `extra` always.
 */
export type TThread = {
  comment: TComment;
  replies: TReply[];
  extra: TReply[];
  total: number;
  visible: number;
  pagesLoaded: number;
  isLoading: boolean;
};

export function toThread(comment: TComment): TThread {
  return {
    comment,
    replies: comment.Replies,
    extra: [],
    total: Math.max(comment.reply_count, comment.Replies.length),
    visible: LIMITS.repliesFirst,
    pagesLoaded: 0,
    isLoading: false,
  };
}

/** Appends what is not there yet: pages shift when comments come and go meanwhile. */
export function appendNew<T extends { ID: number }>(list: T[], more: T[]): T[] {
  const seen = new Set(list.map((item) => item.ID));
  return [...list, ...more.filter((item) => !seen.has(item.ID))];
}

export function appendThreads(threads: TThread[], comments: TComment[]): TThread[] {
  const seen = new Set(threads.map((thread) => thread.comment.ID));
  return [...threads, ...comments.filter((c) => !seen.has(c.ID)).map(toThread)];
}

/** The replies shown: the first `visible` loaded ones, then those posted here. */
export function shownReplies(thread: TThread): TReply[] {
  const head = thread.replies.slice(0, thread.visible);
  const ids = new Set(head.map((reply) => reply.ID));
  return [...head, ...thread.extra.filter((reply) => !ids.has(reply.ID))];
}

/** Replies not shown yet. */
export function hiddenReplies(thread: TThread): number {
  return Math.max(0, thread.total - shownReplies(thread).length);
}

/** Everyone in the thread, with their latest item, for SPEC 5's '@name ' rule. */
export function participantsOf(thread: TThread): TParticipant[] {
  const byUser = new Map<number, TParticipant>();
  for (const item of [thread.comment, ...thread.replies, ...thread.extra]) {
    byUser.set(item.UserID, { userId: item.UserID, name: item.NickName, itemId: item.ID });
  }
  return [...byUser.values()];
}

/** A thread without the reply `id`; later pages are fetched again as the offsets moved. */
export function withoutReply(thread: TThread, id: number): TThread {
  const keep = (reply: TReply) => reply.ID !== id;
  return {
    ...thread,
    replies: thread.replies.filter(keep),
    extra: thread.extra.filter(keep),
    total: Math.max(0, thread.total - 1),
    pagesLoaded: 0,
  };
}
