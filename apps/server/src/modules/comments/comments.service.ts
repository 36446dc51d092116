import {
  Code,
  LIMITS,
  type TComment,
  type TCommentPageQuery,
  type TCreateCommentRequest,
  type TReply,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { displayName } from '../../kernel/display-name';
import { hasRole, type TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import type { SensitiveWordFilter } from '../moderation';
import type { NotificationsService, TSignal } from '../notifications';
import { toComment, toReply } from './comments.mapper';
import { CommentsRepository, type TCommentRef, type TParticipant } from './comments.repository';
import {
  SUBJECTS,
  subjectKeys,
  subjectOf,
  type TSubject,
  type TSubjectKind,
} from './comments.subjects';

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
const sameSubject = (a: TSubject, b: TSubject) => a.kind === b.kind && a.id === b.id;

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

/** What put_comment takes besides the subject (SPEC 3 create payload; `user_id` is ignored). */
export type TCommentInput = Pick<TCreateCommentRequest, 'content' | 'pre_next' | 'replyTo'>;

/**
 * SPEC 3 Comment and reply, SPEC 4 Comments, SPEC 5 rules, SPEC 6 rights,
 * for works and community posts alike (ADR 0013: the subject adapters of
 * comments.subjects say what differs). Replies are one level deep: a reply
 * to a reply joins its thread and answers that reply's author; a reply has
 * its thread's subject. The subject's comment_count moves with every row,
 * in the same transaction.
 */
export class CommentsService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TCommentsDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  async create(
    viewer: TAuth,
    subject: TSubject,
    request: TCommentInput,
  ): Promise<{ comment: TComment; commentTotal: number }> {
    const { db, clock, limiter, words, notifications } = this.deps;
    const adapter = SUBJECTS[subject.kind];
    // One limit for all of a user's comments and replies, whatever they are about.
    await limiter.consume(
      'comment',
      String(viewer.userId),
      this.deps.limit ?? DEFAULT_COMMENT_LIMIT,
    );
    words.assertClean([request.content]);
    const keys = subjectKeys(subject);
    const signals: TSignal[] = [];
    const { id, commentTotal } = await this.uow.run(async (tx) => {
      const repository = tx.comments;
      const found = await adapter.commentable(tx, subject.id);
      if (!found) throw notFound();
      const invalidTarget = () => new AppError(Code.BAD_REQUEST, adapter.targetInvalid);
      let target: TCommentRef | undefined;
      if (request.pre_next) {
        target = await repository.find(request.pre_next);
        if (!target || !sameSubject(subjectOf(target), subject)) throw invalidTarget();
      }
      const threadId = target ? (target.parentId ?? target.id) : null;
      const thread = threadId === null ? undefined : await repository.find(threadId, 'share');
      if (threadId !== null && !thread) throw invalidTarget();
      const people = thread ? await repository.participants(thread.id) : [];
      const replyToUserId = target ? replyTarget(request.replyTo, people, target.userId) : null;
      const commentId = await repository.insert({
        ...keys,
        userId: viewer.userId,
        parentId: threadId,
        replyToId: target?.id ?? null,
        replyToUserId,
        content: request.content,
        createdAt: clock(),
      });
      const total = await repository.bumpCount(subject, 1);
      // A comment tells the subject's author; a reply the one answered and the thread's owner.
      const recipients = new Set(
        thread && replyToUserId !== null ? [replyToUserId, thread.userId] : [found.ownerId],
      );
      for (const recipientId of recipients) {
        signals.push(
          ...(await notifications.add(tx, {
            recipientId,
            actorId: viewer.userId,
            kind: 'comment',
            ...keys,
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
    subject: TSubject,
    query: TCommentPageQuery,
    viewer: TAuth | null,
  ): Promise<TCommentPage> {
    const { db } = this.deps;
    if (!(await SUBJECTS[subject.kind].visible(this.uow.repositories, subject.id, viewer))) {
      throw notFound();
    }
    const repository = new CommentsRepository(db);
    const limited = viewer === null;
    const page = limited
      ? { limit: query.page === 1 ? LIMITS.visitorVisibleComments : 0, offset: 0 }
      : pageOf(query);
    const [rows, totals] = await Promise.all([
      page.limit > 0 ? repository.topLevel(subject, page) : Promise.resolve([]),
      repository.totals(subject),
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

  /**
   * SPEC 7 sub: a thread's replies, oldest first; the id of a reply means its
   * thread. Each path serves the threads of its own `kind` (404 otherwise).
   */
  async replies(
    kind: TSubjectKind,
    commentId: number,
    query: TCommentPageQuery,
    viewer: TAuth,
  ): Promise<{ ID: number; Replies: TReply[]; total: number }> {
    const { db } = this.deps;
    const repository = new CommentsRepository(db);
    const comment = await repository.find(commentId);
    if (!comment) throw notFound();
    const subject = subjectOf(comment);
    if (subject.kind !== kind) throw notFound();
    if (!(await SUBJECTS[kind].visible(this.uow.repositories, subject.id, viewer))) {
      throw notFound();
    }
    const threadId = comment.parentId ?? comment.id;
    const { rows, total } = await repository.replies(threadId, pageOf(query));
    return { ID: threadId, Replies: rows.map(toReply), total };
  }

  /**
   * SPEC 6: the author deletes their comment or reply, the owner of a
   * comment also the replies under it; moderators any. A comment goes with
   * its replies; `count` says how many rows went, and their notifications
   * go too. `kind` limits the deletion to one subject's comments (404 for
   * the other's); without it any comment goes, ids being global. A
   * moderator's deletion of another's comment is audited.
   */
  async remove(
    viewer: TAuth,
    id: number,
    kind?: TSubjectKind,
    reason = '',
  ): Promise<{ id: number; count: number; comment_total: number }> {
    const { clock, notifications } = this.deps;
    let signals: TSignal[] = [];
    const result = await this.uow.run(async (tx) => {
      const repository = tx.comments;
      const comment = await repository.find(id, 'update');
      if (!comment) throw notFound();
      const subject = subjectOf(comment);
      if (kind !== undefined && subject.kind !== kind) throw notFound();
      const thread =
        comment.parentId === null ? undefined : await repository.find(comment.parentId);
      const isAllowed =
        comment.userId === viewer.userId ||
        thread?.userId === viewer.userId ||
        hasRole(viewer, 'moderator');
      if (!isAllowed) throw new AppError(Code.FORBIDDEN, 'commentDeleteForbidden');
      if (comment.userId !== viewer.userId && hasRole(viewer, 'moderator')) {
        await tx.auditRecords.record({
          actorId: viewer.userId,
          action: 'comment_delete',
          itemKind: 'comment',
          itemId: id,
          reason,
          detail: {
            author_id: comment.userId,
            [subject.kind === 'post' ? 'post_id' : 'work_id']: subject.id,
          },
          createdAt: clock(),
        });
      }
      const now = clock();
      const removed = await repository.softDelete(id, now);
      // The replies that went with it included (ADR 0014).
      await tx.openReports.closeReportsOf('comment', removed, viewer.userId, now);
      const total = await repository.bumpCount(subject, -removed.length);
      signals = await notifications.retractComments(tx, removed);
      return { id, count: removed.length, comment_total: total };
    });
    notifications.signal(signals);
    return result;
  }
}
