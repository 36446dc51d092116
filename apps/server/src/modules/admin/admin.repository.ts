import type { TReportItemKind, TReportStatus } from '@layerline/contract';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { aiJobs, comments, pointsLedger, posts, reports, users, works } from '../../db/schema';
import type { TPage } from '../../kernel/pagination';

export type TUserRow = typeof users.$inferSelect;
export type TReportRow = typeof reports.$inferSelect;

/** `%`, `_` and `\` are taken literally in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** All SQL of the moderation console's user and report screens. */
export class AdminRepository {
  constructor(private readonly db: TDatabase) {}

  async findUser(id: number, options: { lock?: boolean } = {}): Promise<TUserRow | undefined> {
    const query = this.db.select().from(users).where(eq(users.id, id));
    const [row] = options.lock ? await query.for('update') : await query;
    return row;
  }

  /** Users whose e-mail or nickname holds `text` (all when absent), newest first. */
  async searchUsers(text: string | undefined, page: TPage) {
    const where = text
      ? or(ilike(users.email, likePattern(text)), ilike(users.nickname, likePattern(text)))
      : undefined;
    const rows = await this.db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(users).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  async setSuspension(
    id: number,
    values: {
      suspendedAt: Date | null;
      suspendedReason: string;
      suspendedBy: number | null;
      suspendedUntil: Date | null;
    },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: now })
      .where(eq(users.id, id));
  }

  /** Suspended users whose suspension's end has passed, locked to be lifted. */
  async expiredSuspensions(now: Date): Promise<TUserRow[]> {
    return this.db
      .select()
      .from(users)
      .where(and(isNotNull(users.suspendedAt), lte(users.suspendedUntil, now)))
      .orderBy(users.id)
      .limit(100)
      .for('update', { skipLocked: true });
  }

  async setRole(id: number, role: TUserRow['role'], now: Date): Promise<void> {
    await this.db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
  }

  /** Counts, recent works and posts and the newest points ledger rows of one user. */
  async userActivity(id: number, limit: number) {
    const [workCount] = await this.db
      .select({ n: count() })
      .from(works)
      .where(and(eq(works.userId, id), isNull(works.deletedAt)));
    const [postCount] = await this.db
      .select({ n: count() })
      .from(posts)
      .where(eq(posts.userId, id));
    const [commentCount] = await this.db
      .select({ n: count() })
      .from(comments)
      .where(and(eq(comments.userId, id), isNull(comments.deletedAt)));
    const recentWorks = await this.db
      .select({
        id: works.id,
        title: works.title,
        status: works.status,
        createdAt: works.createdAt,
      })
      .from(works)
      .where(and(eq(works.userId, id), isNull(works.deletedAt)))
      .orderBy(desc(works.createdAt), desc(works.id))
      .limit(limit);
    const recentPosts = await this.db
      .select({ id: posts.id, content: posts.content, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.userId, id))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(limit);
    const ledger = await this.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, id))
      .orderBy(desc(pointsLedger.id))
      .limit(limit);
    // The AI jobs the rows charge or refund, to name their tool.
    const jobIds = ledger
      .filter((row) => row.refType === 'ai_job' && /^\d+$/.test(row.refId ?? ''))
      .map((row) => Number(row.refId));
    const jobs =
      jobIds.length > 0
        ? await this.db
            .select({ id: aiJobs.id, kind: aiJobs.kind })
            .from(aiJobs)
            .where(inArray(aiJobs.id, jobIds))
        : [];
    return {
      jobKinds: new Map(jobs.map((job) => [String(job.id), job.kind])),
      counts: {
        works: workCount?.n ?? 0,
        posts: postCount?.n ?? 0,
        comments: commentCount?.n ?? 0,
      },
      recentWorks,
      recentPosts,
      ledger,
    };
  }

  /** Whether the reported item exists and is visible to the reporter's community. */
  async itemExists(kind: TReportItemKind, id: number): Promise<boolean> {
    const rows =
      kind === 'work'
        ? await this.db
            .select({ id: works.id })
            .from(works)
            .where(and(eq(works.id, id), isNull(works.deletedAt)))
        : kind === 'post'
          ? await this.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id))
          : await this.db
              .select({ id: comments.id })
              .from(comments)
              .where(and(eq(comments.id, id), isNull(comments.deletedAt)));
    return rows.length > 0;
  }

  /** Undefined when the reporter already has an open report of the item. */
  async insertReport(values: typeof reports.$inferInsert): Promise<TReportRow | undefined> {
    const [row] = await this.db.insert(reports).values(values).onConflictDoNothing().returning();
    return row;
  }

  async listReports(filter: { status: TReportStatus; kind?: TReportItemKind }, page: TPage) {
    const conditions: SQL[] = [eq(reports.status, filter.status)];
    if (filter.kind) conditions.push(eq(reports.itemKind, filter.kind));
    const where = and(...conditions);
    const rows = await this.db
      .select({ report: reports, nickname: users.nickname })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(reports).where(where);
    return { rows, total: total?.n ?? 0 };
  }

  /** Open reports per item kind. */
  async openReportCounts(): Promise<Record<TReportItemKind, number>> {
    const rows = await this.db
      .select({ kind: reports.itemKind, n: count() })
      .from(reports)
      .where(eq(reports.status, 'open'))
      .groupBy(reports.itemKind);
    const counts: Record<TReportItemKind, number> = { work: 0, post: 0, comment: 0 };
    for (const row of rows) counts[row.kind] = row.n;
    return counts;
  }

  async findReport(id: number) {
    const [row] = await this.db
      .select({ report: reports, nickname: users.nickname })
      .from(reports)
      .leftJoin(users, eq(users.id, reports.reporterId))
      .where(eq(reports.id, id))
      .for('update', { of: reports });
    return row;
  }

  async closeReport(
    id: number,
    status: Exclude<TReportStatus, 'open'>,
    by: number,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(reports)
      .set({ status, resolvedBy: by, resolvedAt: now })
      .where(eq(reports.id, id));
  }

  /** The reported items as they are now, keyed `kind:id` (absent when gone for good). */
  async reportedItems(keys: readonly { kind: TReportItemKind; id: number }[]) {
    const ids = (kind: TReportItemKind) => keys.filter((k) => k.kind === kind).map((k) => k.id);
    const items = new Map<
      string,
      {
        text: string;
        user_id: number;
        removed: boolean;
        work_id: number | null;
        post_id: number | null;
      }
    >();
    const workIds = ids('work');
    if (workIds.length > 0) {
      const rows = await this.db
        .select({
          id: works.id,
          title: works.title,
          userId: works.userId,
          deletedAt: works.deletedAt,
        })
        .from(works)
        .where(inArray(works.id, workIds));
      for (const row of rows) {
        items.set(`work:${row.id}`, {
          text: row.title,
          user_id: row.userId,
          removed: row.deletedAt !== null,
          work_id: row.id,
          post_id: null,
        });
      }
    }
    const postIds = ids('post');
    if (postIds.length > 0) {
      const rows = await this.db
        .select({ id: posts.id, content: posts.content, userId: posts.userId })
        .from(posts)
        .where(inArray(posts.id, postIds));
      for (const row of rows) {
        items.set(`post:${row.id}`, {
          text: row.content.slice(0, 200),
          user_id: row.userId,
          removed: false,
          work_id: null,
          post_id: row.id,
        });
      }
    }
    const commentIds = ids('comment');
    if (commentIds.length > 0) {
      const rows = await this.db
        .select({
          id: comments.id,
          content: comments.content,
          userId: comments.userId,
          workId: comments.workId,
          postId: comments.postId,
          deletedAt: comments.deletedAt,
        })
        .from(comments)
        .where(inArray(comments.id, commentIds));
      for (const row of rows) {
        items.set(`comment:${row.id}`, {
          text: row.content.slice(0, 200),
          user_id: row.userId,
          removed: row.deletedAt !== null,
          work_id: row.workId,
          post_id: row.postId,
        });
      }
    }
    return items;
  }
}
