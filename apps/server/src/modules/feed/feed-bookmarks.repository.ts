import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { users, workCategoryFeed, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';
import { CATEGORY_NEWEST, currentVersion, isVisible, ORDERS, type TListQuery } from './feed.sql';

/** The last row before a position: its publication time (as text, to the microsecond) and id. */
export type TBookmark = { publishedAt: string; id: number; version: number };

/** All SQL of the newest-first lists' deep pages (feed-bookmarks keeps what it reads). */
export class FeedBookmarksRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * The row just before `position` of the newest-first list (of a category,
   * when given), with the works_feed_version it was read at.
   */
  async bookmarkAt(
    categoryId: number | undefined,
    position: number,
  ): Promise<TBookmark | undefined> {
    const [row] =
      categoryId === undefined
        ? await this.db
            .select({
              publishedAt: sql<string>`${works.publishedAt}::text`,
              id: works.id,
              version: currentVersion,
            })
            .from(works)
            .where(isVisible)
            .orderBy(...ORDERS.newest)
            .limit(1)
            .offset(position - 1)
        : await this.db
            .select({
              publishedAt: sql<string>`${workCategoryFeed.publishedAt}::text`,
              id: workCategoryFeed.workId,
              version: currentVersion,
            })
            .from(workCategoryFeed)
            .where(eq(workCategoryFeed.categoryId, categoryId))
            .orderBy(...CATEGORY_NEWEST)
            .limit(1)
            .offset(position - 1);
    return row;
  }

  /**
   * A page of rows after a bookmark, newest first, each with the version it
   * was read at (prepared, as the list queries).
   */
  pageAfter(
    categoryId: number | undefined,
    bookmark: TBookmark,
    page: TPage,
  ): Promise<(TCardRow & { version: number })[]> {
    return this.afterQuery(categoryId !== undefined).execute({
      category: categoryId ?? 0,
      before: bookmark.publishedAt,
      beforeId: bookmark.id,
      limit: page.limit,
      offset: page.offset,
    });
  }

  private afterQuery(hasCategory: boolean): TListQuery {
    const key = hasCategory ? 'feed_newest_category_after' : 'feed_newest_after';
    return preparedOnce(this.db, key, () => {
      const before = sql`(${sql.placeholder('before')}::timestamptz, ${sql.placeholder('beforeId')}::int)`;
      const ids = hasCategory
        ? this.db
            .select({ id: workCategoryFeed.workId })
            .from(workCategoryFeed)
            .where(
              and(
                eq(workCategoryFeed.categoryId, sql.placeholder('category')),
                sql`(${workCategoryFeed.publishedAt}, ${workCategoryFeed.workId}) < ${before}`,
              ),
            )
            .orderBy(...CATEGORY_NEWEST)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page_ids')
        : this.db
            .select({ id: works.id })
            .from(works)
            .where(and(isVisible, sql`(${works.publishedAt}, ${works.id}) < ${before}`))
            .orderBy(...ORDERS.newest)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page_ids');
      return this.db
        .select({ ...cardColumns, version: currentVersion })
        .from(ids)
        .innerJoin(works, eq(works.id, ids.id))
        .innerJoin(users, eq(users.id, works.userId))
        .orderBy(...ORDERS.newest)
        .prepare(key);
    });
  }
}
