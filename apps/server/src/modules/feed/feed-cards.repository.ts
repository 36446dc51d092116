import type { TFeedSort } from '@layerline/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users, workCategoryFeed, works } from '../../db/schema';
import { cardColumns } from '../../kernel/card-columns.sql';
import type { TPage } from '../../kernel/pagination';
import {
  CATEGORY_NEWEST,
  currentVersion,
  inCategory,
  isVisible,
  ORDERS,
  type TFeedFilter,
  type TFeedPage,
  type TListQuery,
  withoutExtras,
} from './feed.sql';
import { FeedBookmarks } from './feed-bookmarks';

/** The SQL of /works/home's lists (SPEC 7): pages of published works and their totals. */
export class FeedCardsRepository {
  private readonly prepared = new Map<string, TListQuery>();

  private readonly bookmarks: FeedBookmarks;

  constructor(
    private readonly db: TDatabase,
    options: { bookmarkStep?: number } = {},
  ) {
    this.bookmarks = new FeedBookmarks(db, options.bookmarkStep);
  }

  /**
   * One page of a list (newest, most liked, most downloaded). The page's ids
   * come from an index-only walk; only those 50 rows are joined to authors.
   */
  async listPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    const listSort = sort === 'relevance' ? 'newest' : sort;
    if (listSort === 'newest') {
      const deep = await this.bookmarks.page(filter.categoryId, page);
      if (deep) return deep;
    }
    const query = this.listQuery(listSort, filter.categoryId !== undefined);
    const rows = await query.execute({
      limit: page.limit,
      offset: page.offset,
      category: filter.categoryId ?? 0,
    });
    return { rows: rows.map(withoutExtras), version: rows[0]?.version };
  }

  /**
   * The list queries as prepared statements, one per order and filter: the
   * feed's first page is the busiest request of the site, and planning took
   * as long as running it.
   */
  private listQuery(sort: Exclude<TFeedSort, 'relevance'>, hasCategory: boolean) {
    const key = `feed_${sort}${hasCategory ? '_category' : ''}`;
    const known = this.prepared.get(key);
    if (known) return known;
    const order = ORDERS[sort];
    const ids =
      hasCategory && sort === 'newest'
        ? this.categoryNewestIds()
        : this.db
            .select({ id: works.id })
            .from(works)
            .where(
              hasCategory ? and(isVisible, inCategory(sql.placeholder('category'))) : isVisible,
            )
            .orderBy(...order)
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
            .as('page_ids');
    const query = this.db
      .select({ ...cardColumns, version: currentVersion })
      .from(ids)
      .innerJoin(works, eq(works.id, ids.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(...order)
      .prepare(key);
    this.prepared.set(key, query);
    return query;
  }

  /** A category's newest page: a range of the work_category_feed index (subtree included). */
  private categoryNewestIds() {
    return this.db
      .select({ id: workCategoryFeed.workId })
      .from(workCategoryFeed)
      .where(eq(workCategoryFeed.categoryId, sql.placeholder('category')))
      .orderBy(...CATEGORY_NEWEST)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page_ids');
  }

  /** The number of published works in a list, with the version it was counted at. */
  async countVisible(filter: TFeedFilter): Promise<{ total: number; version: number }> {
    const [row] = filter.categoryId
      ? await this.db
          .select({ total: sql<number>`count(*)::int`, version: currentVersion })
          .from(workCategoryFeed)
          .where(eq(workCategoryFeed.categoryId, filter.categoryId))
      : await this.db
          .select({ total: sql<number>`count(*)::int`, version: currentVersion })
          .from(works)
          .where(isVisible);
    return { total: row?.total ?? 0, version: row?.version ?? 0 };
  }
}
