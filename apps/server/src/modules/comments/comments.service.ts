import {
  Code,
  LIMITS,
  type TComment,
  type TCommentPageQuery,
  type TCreateCommentRequest,
  type TReply,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import { hasRole, type TAuth } from '../auth/auth.guard';
import type { SensitiveWordFilter } from '../moderation/sensitive-words';
import type { NotificationsService, TSignal } from '../notifications/notifications.service';
import { displayName } from '../works/works.mapper';
import { canView } from '../works/works.policy';
import { WorksRepository } from '../works/works.repository';
import { toComment, toReply } from './comments.mapper';
import { CommentsRepository, type TCommentRef, type TParticipant } from './comments.repository';

/** Ours: comments and replies per user and minute, over all instances (lib/limiter). */
export const DEFAULT_COMMENT_LIMIT: TLimit = { max: 10, windowMs: 60_000 };

export type TCommentsDeps = {
  db: TDatabase;
  clock: TClock;
  limiter: Limiter;
  words: SensitiveWordFilter;
  notifications: NotificationsService;
  limit?: TLimit;
};

export type TCommentPage = {
  data: TComment[];
  total: number;
  comment_total: number;
  limited: boolean;
};

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');
const pageOf = (query: TCommentPageQuery) => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});

/**
 * SPEC 5 '@name ' rule: `replyTo` names the user answered, by id or name;
 * only someone in the thread counts, so nobody can be notified at random.
 */
function replyTarget(
  replyTo: TCreateCommentRequest['replyTo'],
  people: TParticipant[],
  fallback: number,
): number {
  if (replyTo === null || replyTo === undefined || replyTo === 0 || replyTo === '') return fallback;
  const text = String(replyTo).replace(/^@/, '').trim();
  const id = /^\d+$/.test(text) ? Number(text) : null;
  const person = people.find((p) =>
    id !== null ? p.userId === id : displayName(p.nickname, p.email) === text,
  );
  return person?.userId ?? fallback;
}

/**
 * SPEC 3 Comment and reply, SPEC 4 Comments, SPEC 5 rules, SPEC 6 rights.
 * Replies are one level deep: a reply to a reply joins its thread and
 * answers that reply's author. works.comment_count moves with every row.
 */
export class CommentsService {
  constructor(private readonly deps: TCommentsDeps) {}

  async create(
    viewer: TAuth,
    request: TCreateCommentRequest,
  ): Promise<{ comment: TComment; commentTotal: number }> {
    const { db, clock, limiter, words, notifications } = this.deps;
    await limiter.consume(
      'comment',
      String(viewer.userId),
      this.deps.limit ?? DEFAULT_COMMENT_LIMIT,
    );
    words.assertClean([request.content]);
    const signals: TSignal[] = [];
    const { id, commentTotal } = await db.transaction(async (tx) => {
      const repository = new CommentsRepository(tx);
      const found = await new WorksRepository(tx).findById(request.work_id);
      // Only published works take comments; others answer as if missing.
      if (found?.work.status !== 'published') throw notFound();
      let target: TCommentRef | undefined;
      if (request.pre_next) {
        target = await repository.find(request.pre_next);
        if (!target || target.workId !== request.work_id) {
          throw new AppError(Code.BAD_REQUEST, 'replyTargetInvalid');
        }
      }
      const threadId = target ? (target.parentId ?? target.id) : null;
      const thread = threadId === null ? undefined : await repository.find(threadId, 'share');
      if (threadId !== null && !thread) throw new AppError(Code.BAD_REQUEST, 'replyTargetInvalid');
      const people = thread ? await repository.participants(thread.id) : [];
      const replyToUserId = target ? replyTarget(request.replyTo, people, target.userId) : null;
      const commentId = await repository.insert({
        workId: request.work_id,
        userId: viewer.userId,
        parentId: threadId,
        replyToId: target?.id ?? null,
        replyToUserId,
        content: request.content,
        createdAt: clock(),
      });
      const total = await repository.bumpCount(request.work_id, 1);
      // A comment tells the work's owner; a reply the one answered and the thread's owner.
      const recipients = new Set(
        thread && replyToUserId !== null ? [replyToUserId, thread.userId] : [found.work.userId],
      );
      for (const recipientId of recipients) {
        signals.push(
          ...(await notifications.add(tx, {
            recipientId,
            actorId: viewer.userId,
            kind: 'comment',
            workId: request.work_id,
            commentId,
          })),
        );
      }
      return { id: commentId, commentTotal: total };
    });
    notifications.signal(signals);
    const row = await new CommentsRepository(db).row(id);
    if (!row) throw notFound();
    return { comment: toComment(row, [], 0), commentTotal };
  }

  /**
   * SPEC 7 withsub: comments newest first, each with its first reply and its
   * number of replies. SPEC 6, held here: a visitor gets the first
   * LIMITS.visitorVisibleComments comments only, without replies.
   */
  async list(
    workId: number,
    query: TCommentPageQuery,
    viewer: TAuth | null,
  ): Promise<TCommentPage> {
    const { db } = this.deps;
    await this.assertWorkVisible(workId, viewer);
    const repository = new CommentsRepository(db);
    const limited = viewer === null;
    const page = limited
      ? { limit: query.page === 1 ? LIMITS.visitorVisibleComments : 0, offset: 0 }
      : pageOf(query);
    const [rows, totals] = await Promise.all([
      page.limit > 0 ? repository.topLevel(workId, page) : Promise.resolve([]),
      repository.totals(workId),
    ]);
    const ids = rows.map((row) => row.id);
    const [first, counts] = await Promise.all([
      limited ? Promise.resolve([]) : repository.firstReplies(ids),
      repository.replyCounts(ids),
    ]);
    const firstOf = new Map(first.map((row) => [row.parentId, toReply(row)]));
    const data = rows.map((row) => {
      const reply = firstOf.get(row.id);
      return toComment(row, reply ? [reply] : [], counts.get(row.id) ?? 0);
    });
    return { data, total: totals.total, comment_total: totals.commentTotal, limited };
  }

  /** SPEC 7 sub: a thread's replies, oldest first; the id of a reply means its thread. */
  async replies(
    commentId: number,
    query: TCommentPageQuery,
    viewer: TAuth,
  ): Promise<{ ID: number; Replies: TReply[]; total: number }> {
    const repository = new CommentsRepository(this.deps.db);
    const comment = await repository.find(commentId);
    if (!comment) throw notFound();
    await this.assertWorkVisible(comment.workId, viewer);
    const threadId = comment.parentId ?? comment.id;
    const { rows, total } = await repository.replies(threadId, pageOf(query));
    return { ID: threadId, Replies: rows.map(toReply), total };
  }

  /**
   * SPEC 6: the author deletes their comment or reply, the owner of a
   * comment also the replies under it; moderators any. A comment goes with
   * its replies; `count` says how many rows went.
   */
  async remove(
    viewer: TAuth,
    id: number,
  ): Promise<{ id: number; count: number; comment_total: number }> {
    const { db, clock, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await db.transaction(async (tx) => {
      const repository = new CommentsRepository(tx);
      const comment = await repository.find(id, 'update');
      if (!comment) throw notFound();
      const thread =
        comment.parentId === null ? undefined : await repository.find(comment.parentId);
      const isAllowed =
        comment.userId === viewer.userId ||
        thread?.userId === viewer.userId ||
        hasRole(viewer, 'moderator');
      if (!isAllowed) throw new AppError(Code.FORBIDDEN, 'commentDeleteForbidden');
      const removed = await repository.softDelete(id, clock());
      const total = await repository.bumpCount(comment.workId, -removed.length);
      signals = await notifications.retractComments(tx, removed);
      return { id, count: removed.length, comment_total: total };
    });
    notifications.signal(signals);
    return result;
  }

  private async assertWorkVisible(workId: number, viewer: TAuth | null): Promise<void> {
    const found = await new WorksRepository(this.deps.db).findById(workId);
    if (!found || !canView(found.work, viewer)) throw notFound();
  }
}
