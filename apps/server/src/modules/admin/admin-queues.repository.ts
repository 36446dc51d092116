import type { TFeedbackStatus } from '@layerline/contract';
import { and, count, desc, eq, isNull, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { appeals, comments, feedback, posts, reports, users, works } from '../../db/schema';
import type { TPage } from '../../kernel/pagination';

/** All SQL of the console's queues: the summary, the feedback inbox and appeals. */
export class AdminQueuesRepository {
  constructor(private readonly db: TDatabase) {}

  async summary() {
    const one = async (rows: Promise<{ n: number }[]>) => (await rows)[0]?.n ?? 0;
    return {
      works_in_review: await one(
        this.db
          .select({ n: count() })
          .from(works)
          .where(and(eq(works.status, 'in_review'), isNull(works.deletedAt))),
      ),
      open_appeals: await one(
        this.db.select({ n: count() }).from(appeals).where(eq(appeals.status, 'open')),
      ),
      open_reports: await one(
        this.db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
      ),
      open_feedback: await one(
        this.db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'open')),
      ),
    };
  }

  async listFeedback(status: TFeedbackStatus | undefined, page: TPage) {
    const where = status ? eq(feedback.status, status) : undefined;
    const rows = await this.db
      .select({ row: feedback, nickname: users.nickname })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(where)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(feedback).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async feedbackCounts(): Promise<Record<TFeedbackStatus, number>> {
    const rows = await this.db
      .select({ status: feedback.status, n: count() })
      .from(feedback)
      .groupBy(feedback.status);
    const counts: Record<TFeedbackStatus, number> = { open: 0, answered: 0, closed: 0 };
    for (const row of rows) counts[row.status] = row.n;
    return counts;
  }

  async findFeedback(id: number) {
    const [row] = await this.db
      .select({ row: feedback, nickname: users.nickname })
      .from(feedback)
      .leftJoin(users, eq(users.id, feedback.userId))
      .where(eq(feedback.id, id))
      .for('update', { of: feedback });
    return row;
  }

  async setFeedbackStatus(id: number, status: TFeedbackStatus, now: Date): Promise<void> {
    await this.db.update(feedback).set({ status, updatedAt: now }).where(eq(feedback.id, id));
  }

  /** Appeals in one state, oldest open first (a queue), others newest first. */
  async listAppeals(status: 'open' | 'accepted' | 'rejected', page: TPage) {
    const where: SQL = eq(appeals.status, status);
    const rows = await this.db
      .select({
        appeal: appeals,
        nickname: users.nickname,
        work: {
          id: works.id,
          title: works.title,
          summary: works.summary,
          status: works.status,
          cover: works.cover,
          updatedAt: works.updatedAt,
        },
      })
      .from(appeals)
      .innerJoin(works, eq(works.id, appeals.workId))
      .leftJoin(users, eq(users.id, appeals.userId))
      .where(where)
      .orderBy(
        ...(status === 'open'
          ? [appeals.createdAt, appeals.id]
          : [desc(appeals.createdAt), desc(appeals.id)]),
      )
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(appeals).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Posts, newest first; one author's when `userId` is set. Besides the
   * author and time (toAuthored), columns are selected under the console's
   * field names.
   */
  async listPosts(userId: number | undefined, page: TPage) {
    const where = userId ? eq(posts.userId, userId) : undefined;
    const rows = await this.db
      .select({
        userId: posts.userId,
        nickname: users.nickname,
        createdAt: posts.createdAt,
        id: posts.id,
        content: posts.content,
        images: posts.images,
        topic: posts.topic,
        like_count: posts.likeCount,
        comment_count: posts.commentCount,
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(posts).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** Live comments and replies on works and posts, newest first; selected as listPosts. */
  async listComments(userId: number | undefined, page: TPage) {
    const where = and(isNull(comments.deletedAt), userId ? eq(comments.userId, userId) : undefined);
    const rows = await this.db
      .select({
        userId: comments.userId,
        nickname: users.nickname,
        createdAt: comments.createdAt,
        id: comments.id,
        content: comments.content,
        work_id: comments.workId,
        post_id: comments.postId,
        parent_id: comments.parentId,
      })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(comments).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
