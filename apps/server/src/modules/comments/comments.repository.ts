import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import { comments, posts, users, works } from '../../db/schema';
import type { TPage } from '../../kernel/pagination';
import type { TSubject } from './comments.subjects';

const replyUsers = alias(users, 'reply_user');

const rowColumns = {
  id: comments.id,
  workId: comments.workId,
  postId: comments.postId,
  userId: comments.userId,
  parentId: comments.parentId,
  replyToId: comments.replyToId,
  replyToUserId: comments.replyToUserId,
  content: comments.content,
  createdAt: comments.createdAt,
  nickname: users.nickname,
  email: users.email,
  avatar: users.avatar,
  replyNickname: replyUsers.nickname,
  replyEmail: replyUsers.email,
};
export type TCommentRow = {
  id: number;
  workId: number | null;
  postId: number | null;
  userId: number;
  parentId: number | null;
  replyToId: number | null;
  replyToUserId: number | null;
  content: string;
  createdAt: Date;
  nickname: string;
  email: string;
  avatar: string;
  /** Null on a comment (no one answered) and when that user is gone. */
  replyNickname: string | null;
  replyEmail: string | null;
};

export type TCommentRef = {
  id: number;
  workId: number | null;
  postId: number | null;
  userId: number;
  parentId: number | null;
};
export type TParticipant = { userId: number; nickname: string; email: string };

/** A new row: exactly one of `workId` and `postId` (comments_subject_ck). */
export type TNewComment = {
  workId: number | null;
  postId: number | null;
  userId: number;
  parentId: number | null;
  replyToId: number | null;
  replyToUserId: number | null;
  content: string;
  createdAt: Date;
};

const live = isNull(comments.deletedAt);

/** The rows of one subject: a work's or a post's (ADR 0013; each has its partial indexes). */
const ofSubject = (subject: TSubject) =>
  eq(subject.kind === 'work' ? comments.workId : comments.postId, subject.id);

/** All SQL of comments and replies (DESIGN 1). */
export class CommentsRepository {
  constructor(private readonly db: TDatabase) {}

  private rows(where: SQL | undefined) {
    return this.db
      .select(rowColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(replyUsers, eq(replyUsers.id, comments.replyToUserId))
      .where(where);
  }

  /**
   * A comment or reply not deleted. `lock`: a reply holds its thread with
   * 'share' and a deletion with 'update', so a reply cannot slip in under
   * a thread being deleted (the deletion's next statement sees it).
   */
  async find(id: number, lock?: 'share' | 'update'): Promise<TCommentRef | undefined> {
    const query = this.db
      .select({
        id: comments.id,
        workId: comments.workId,
        postId: comments.postId,
        userId: comments.userId,
        parentId: comments.parentId,
      })
      .from(comments)
      .where(and(eq(comments.id, id), live));
    const [row] = lock ? await query.for(lock) : await query;
    return row;
  }

  async row(id: number): Promise<TCommentRow | undefined> {
    const [row] = await this.rows(eq(comments.id, id));
    return row;
  }

  async insert(values: TNewComment): Promise<number> {
    const [row] = await this.db.insert(comments).values(values).returning({ id: comments.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /**
   * Moves the subject's counter (works.comment_count or posts.comment_count)
   * with the rows; call inside the transaction. Answers the new count.
   */
  async bumpCount(subject: TSubject, delta: number): Promise<number> {
    const [row] =
      subject.kind === 'work'
        ? await this.db
            .update(works)
            .set({ commentCount: sql`${works.commentCount} + ${delta}` })
            .where(eq(works.id, subject.id))
            .returning({ count: works.commentCount })
        : await this.db
            .update(posts)
            .set({ commentCount: sql`${posts.commentCount} + ${delta}` })
            .where(eq(posts.id, subject.id))
            .returning({ count: posts.commentCount });
    return row?.count ?? 0;
  }

  /** The thread's people: its comment's author and everybody who replied in it. */
  async participants(threadId: number): Promise<TParticipant[]> {
    return this.db
      .selectDistinct({ userId: users.id, nickname: users.nickname, email: users.email })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(and(or(eq(comments.id, threadId), eq(comments.parentId, threadId)), live));
  }

  /** A subject's comments (not replies), newest first. */
  async topLevel(subject: TSubject, page: TPage): Promise<TCommentRow[]> {
    return this.rows(and(ofSubject(subject), isNull(comments.parentId), live))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset);
  }

  /** `total` (comments) and `comment_total` (comments and replies) of a subject. */
  async totals(subject: TSubject): Promise<{ total: number; commentTotal: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*) filter (where ${comments.parentId} is null)`.mapWith(Number),
        commentTotal: count(),
      })
      .from(comments)
      .where(and(ofSubject(subject), live));
    return { total: row?.total ?? 0, commentTotal: row?.commentTotal ?? 0 };
  }

  /** The first (oldest) reply of each thread, in one query for a page of comments. */
  async firstReplies(threadIds: number[]): Promise<TCommentRow[]> {
    if (threadIds.length === 0) return [];
    return this.db
      .selectDistinctOn([comments.parentId], rowColumns)
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .leftJoin(replyUsers, eq(replyUsers.id, comments.replyToUserId))
      .where(and(inArray(comments.parentId, threadIds), live))
      .orderBy(asc(comments.parentId), asc(comments.createdAt), asc(comments.id));
  }

  async replyCounts(threadIds: number[]): Promise<Map<number, number>> {
    if (threadIds.length === 0) return new Map();
    const rows = await this.db
      .select({ parentId: comments.parentId, replies: count() })
      .from(comments)
      .where(and(inArray(comments.parentId, threadIds), live))
      .groupBy(comments.parentId);
    return new Map(rows.map((row) => [row.parentId ?? 0, row.replies]));
  }

  /** A thread's replies, oldest first (SPEC 4: shown 1, then 5 more per click). */
  async replies(threadId: number, page: TPage): Promise<{ rows: TCommentRow[]; total: number }> {
    const where = and(eq(comments.parentId, threadId), live);
    const [rows, [totalRow]] = await Promise.all([
      this.rows(where)
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(comments).where(where),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }

  /** Soft-deletes a comment with the replies under it (a reply alone); answers the ids removed. */
  async softDelete(id: number, now: Date): Promise<number[]> {
    const rows = await this.db
      .update(comments)
      .set({ deletedAt: now })
      .where(and(or(eq(comments.id, id), eq(comments.parentId, id)), live))
      .returning({ id: comments.id });
    return rows.map((row) => row.id);
  }
}
