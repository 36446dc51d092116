import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users, workCategoryFeed, works } from '../../db/schema';
import { cardColumns } from '../../kernel/card-columns';
import type { TPage } from '../../kernel/pagination';
import {
  CATEGORY_NEWEST,
  currentVersion,
  isVisible,
  ORDERS,
  type TFeedPage,
  type TListQuery,
  withoutExtras,
} from './feed.sql';

/** Rows between two bookmarks of a newest-first list. */
export const BOOKMARK_STEP = 1000;
/** Bookmarks kept at most (lists times depths); all are dropped when the feed version moves. */
const MAX_BOOKMARKS = 10_000;

/** The last row before a position: its publication time (as text, to the microsecond) and id. */
type TBookmark = { publishedAt: string; id: number; version: number };

/**
 * Deep pages of the newest-first lists. SPEC 7 pages by number, and OFFSET
 * walks every row before the page (48,000 index entries for page 960). So
 * every BOOKMARK_STEP rows the row before that position is remembered, and
 * a deep page seeks past its bookmark and skips fewer than BOOKMARK_STEP
 * rows. A bookmark is exact for one works_feed_version: the page query
 * reads the version too, and a page read at another version is recomputed.
 */
export class FeedBookmarks {
  private readonly bookmarks = new Map<string, TBookmark>();
  private version = -1;
  private readonly prepared = new Map<string, TListQuery>();

  constructor(
    private readonly db: TDatabase,
    private readonly step: number = BOOKMARK_STEP,
  ) {}

  /** The page, or undefined when it is shallow or past the end (the plain query answers then). */
  async page(categoryId: number | undefined, page: TPage): Promise<TFeedPage | undefined> {
    const position = Math.floor(page.offset / this.step) * this.step;
    if (position === 0) return undefined;
    for (const isRetry of [false, true]) {
      const bookmark = await this.bookmark(categoryId, position, isRetry);
      if (!bookmark) return undefined;
      const rows = await this.afterQuery(categoryId !== undefined).execute({
        category: categoryId ?? 0,
        before: bookmark.publishedAt,
        beforeId: bookmark.id,
        limit: page.limit,
        offset: page.offset - position,
      });
      const version = rows[0]?.version;
      if (version === undefined) return undefined;
      if (version === bookmark.version) return { rows: rows.map(withoutExtras), version };
    }
    return undefined;
  }

  private async bookmark(
    categoryId: number | undefined,
    position: number,
    isRefresh: boolean,
  ): Promise<TBookmark | undefined> {
    const key = `${categoryId ?? 'all'}:${position}`;
    const known = isRefresh ? undefined : this.bookmarks.get(key);
    if (known) return known;
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
    if (!row) return undefined;
    this.remember(key, row);
    return row;
  }

  private remember(key: string, bookmark: TBookmark): void {
    if (bookmark.version < this.version) return;
    if (bookmark.version > this.version || this.bookmarks.size >= MAX_BOOKMARKS) {
      this.bookmarks.clear();
      this.version = bookmark.version;
    }
    this.bookmarks.set(key, bookmark);
  }

  /** A page of rows after a bookmark, newest first (prepared, as the list queries). */
  private afterQuery(hasCategory: boolean): TListQuery {
    const key = hasCategory ? 'feed_newest_category_after' : 'feed_newest_after';
    const known = this.prepared.get(key);
    if (known) return known;
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
    const query = this.db
      .select({ ...cardColumns, version: currentVersion })
      .from(ids)
      .innerJoin(works, eq(works.id, ids.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(...ORDERS.newest)
      .prepare(key);
    this.prepared.set(key, query);
    return query;
  }
}
