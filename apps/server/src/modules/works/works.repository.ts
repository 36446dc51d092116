import type { TReviewStatus } from '@layerline/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import {
  appeals,
  categories,
  machines,
  materials,
  users,
  workCategories,
  workDownloads,
  works,
} from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';

export type TWorkRow = typeof works.$inferSelect;
export type TWorkValues = Omit<
  typeof works.$inferInsert,
  'id' | 'likeCount' | 'favorCount' | 'downloadCount' | 'commentCount' | 'deletedAt'
>;
export type TAuthorRow = {
  id: number;
  nickname: string;
  email: string;
  avatar: string;
  tag: string;
  bio: string;
};
export type TWorkWithAuthor = { work: TWorkRow; author: TAuthorRow };

const authorColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  avatar: users.avatar,
  tag: users.tag,
  bio: users.bio,
};

/** A moderation queue row: a card with the summary, the last change and an open appeal's reason. */
export type TModerationRow = TCardRow & {
  summary: string;
  updatedAt: Date;
  appealReason: string | null;
};

/** DESIGN 3: only published, not deleted works reach other users. */
const isPublished = and(eq(works.status, 'published'), isNull(works.deletedAt));
/** Spelled as the partial indexes are (DESC NULLS LAST): a plain DESC would sort instead. */
const newestPublished = [
  sql`${works.publishedAt} desc nulls last`,
  sql`${works.id} desc nulls last`,
];

/** All SQL of works, their categories and downloads (DESIGN 1). */
export class WorksRepository {
  constructor(private readonly db: TDatabase) {}

  /** A work that is not deleted, with its author; `lock` holds the row until the transaction ends. */
  async findById(
    id: number,
    options: { lock?: boolean } = {},
  ): Promise<TWorkWithAuthor | undefined> {
    const query = this.db
      .select({ work: works, author: authorColumns })
      .from(works)
      .innerJoin(users, eq(users.id, works.userId))
      .where(and(eq(works.id, id), isNull(works.deletedAt)));
    const [row] = options.lock ? await query.for('update', { of: works }) : await query;
    return row;
  }

  async insert(values: TWorkValues, categoryIds: number[]): Promise<TWorkRow> {
    const [row] = await this.db.insert(works).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    await this.db
      .insert(workCategories)
      .values(categoryIds.map((categoryId) => ({ workId: row.id, categoryId })));
    return row;
  }

  async update(id: number, values: Partial<TWorkValues>, categoryIds?: number[]): Promise<void> {
    await this.db.update(works).set(values).where(eq(works.id, id));
    if (!categoryIds) return;
    await this.db.delete(workCategories).where(eq(workCategories.workId, id));
    await this.db
      .insert(workCategories)
      .values(categoryIds.map((categoryId) => ({ workId: id, categoryId })));
  }

  async softDelete(id: number, now: Date): Promise<void> {
    await this.db.update(works).set({ deletedAt: now, updatedAt: now }).where(eq(works.id, id));
  }

  categoriesOf(workId: number) {
    return this.db
      .select({ id: categories.id, nameEn: categories.nameEn, nameZh: categories.nameZh })
      .from(workCategories)
      .innerJoin(categories, eq(categories.id, workCategories.categoryId))
      .where(eq(workCategories.workId, workId))
      .orderBy(asc(categories.sort), asc(categories.id));
  }

  async existingCategoryIds(ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, ids));
    return new Set(rows.map((row) => row.id));
  }

  machinesByIds(ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: machines.id, name: machines.name })
      .from(machines)
      .where(inArray(machines.id, ids));
  }

  allMaterials() {
    return this.db
      .select({ id: materials.id, nameEn: materials.nameEn, nameZh: materials.nameZh })
      .from(materials);
  }

  private cards(where: SQL | undefined, order: SQL[], page: TPage) {
    return this.db
      .select(cardColumns)
      .from(works)
      .innerJoin(users, eq(users.id, works.userId))
      .where(where)
      .orderBy(...order)
      .limit(page.limit)
      .offset(page.offset);
  }

  private async total(where: SQL | undefined): Promise<number> {
    const [row] = await this.db.select({ total: count() }).from(works).where(where);
    return row?.total ?? 0;
  }

  /** SPEC 7 GET /works: published works, newest first. */
  async listPublished(page: TPage): Promise<{ rows: TCardRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.cards(isPublished, newestPublished, page),
      this.total(isPublished),
    ]);
    return { rows, total };
  }

  /** An author's works: published ones for everybody, every state for the owner (newest first). */
  async listByAuthor(
    userId: number,
    options: { allStates: boolean },
    page: TPage,
  ): Promise<{ rows: TCardRow[]; total: number }> {
    const where = options.allStates
      ? and(eq(works.userId, userId), isNull(works.deletedAt))
      : and(eq(works.userId, userId), isPublished);
    const order = options.allStates ? [desc(works.createdAt), desc(works.id)] : newestPublished;
    const [rows, total] = await Promise.all([this.cards(where, order, page), this.total(where)]);
    return { rows, total };
  }

  /** The moderation queue: oldest change first, with the reason of an open appeal. */
  async listByStatus(
    status: TReviewStatus,
    page: TPage,
  ): Promise<{ rows: TModerationRow[]; total: number }> {
    const where = and(eq(works.status, status), isNull(works.deletedAt));
    const [rows, total] = await Promise.all([
      this.db
        .select({
          ...cardColumns,
          summary: works.summary,
          updatedAt: works.updatedAt,
          appealReason: appeals.reason,
        })
        .from(works)
        .innerJoin(users, eq(users.id, works.userId))
        .leftJoin(appeals, and(eq(appeals.workId, works.id), eq(appeals.status, 'open')))
        .where(where)
        .orderBy(asc(works.updatedAt), asc(works.id))
        .limit(page.limit)
        .offset(page.offset),
      this.total(where),
    ]);
    return { rows, total };
  }

  async findAuthor(userId: number): Promise<TAuthorRow | undefined> {
    const [row] = await this.db.select(authorColumns).from(users).where(eq(users.id, userId));
    return row;
  }

  publishedCount(userId: number): Promise<number> {
    return this.total(and(eq(works.userId, userId), isPublished));
  }

  /**
   * SPEC 7 download: one count per user, work and day. The row and the
   * counter change together (call inside a transaction); true when new.
   */
  async countDownload(workId: number, userId: number, day: string): Promise<boolean> {
    const inserted = await this.db
      .insert(workDownloads)
      .values({ workId, userId, day })
      .onConflictDoNothing()
      .returning({ workId: workDownloads.workId });
    if (inserted.length === 0) return false;
    await this.db
      .update(works)
      .set({ downloadCount: sql`${works.downloadCount} + 1` })
      .where(eq(works.id, workId));
    return true;
  }
}
