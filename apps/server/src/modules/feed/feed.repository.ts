import type { TFeedSort } from '@layerline/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users, workCategoryFeed, workSearch, works } from '../../db/schema';
import type { TSearchMatch } from '../search/search-matcher';
import { cardColumns, type TPage } from '../works/works.repository';
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

export type { TFeedFilter, TFeedPage } from './feed.sql';

/**
 * Relevance of a match: ts_rank with the document's weights (title A ...
 * summary D), a bonus when the title holds the text as typed (folded), and
 * a little for recent works, which decides between equal matches. It runs
 * once per match, so it stays cheap: pg_trgm's word_similarity here cost
 * three times ts_rank on 2,000 matches, and typos are handled before the
 * query (SearchMatcher) anyway.
 */
function relevance(match: TSearchMatch): SQL<number> {
  return sql<number>`(
    ts_rank(${workSearch.document}, ${match.tsquery}::tsquery)
    + case when strpos(${workSearch.titleNorm}, ${match.folded}) > 0 then 0.3 else 0 end
    + 0.1 / (1 + date_part('epoch', now() - ${workSearch.publishedAt}) / 2592000)
  )`;
}

/** Search orders: relevance, or a list order on the search table's own copy or the works row. */
const SEARCH_ORDERS: Record<TFeedSort, SQL[]> = {
  relevance: [sql`score desc`, sql`${workSearch.workId} desc`],
  newest: [sql`${workSearch.publishedAt} desc nulls last`, sql`${workSearch.workId} desc`],
  likes: ORDERS.likes,
  downloads: ORDERS.downloads,
};

/** The SQL of /works/home (SPEC 7): lists and searches of published works. */
export class FeedRepository {
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

  /**
   * One page of a search, by relevance or a list order, with the number of
   * all matches. The search table carries visibility and publication time,
   * so relevance and newest never touch the works table before the page is
   * chosen; only most liked and most downloaded join it for their counters.
   */
  async searchPage(filter: TFeedFilter, sort: TFeedSort, page: TPage): Promise<TFeedPage> {
    const { match } = filter;
    if (!match) return this.listPage(filter, sort, page);
    const matches = and(
      eq(workSearch.visible, true),
      sql`${workSearch.document} @@ ${match.tsquery}::tsquery`,
      filter.categoryId ? inCategory(filter.categoryId, workSearch.workId) : undefined,
    );
    const needsWorks = sort === 'likes' || sort === 'downloads';
    const chosen = this.db
      .select({
        id: workSearch.workId,
        score: (sort === 'relevance' ? relevance(match) : sql<number>`0`).as('score'),
        total: sql<number>`(count(*) over ())::int`.as('total'),
      })
      .from(workSearch)
      .$dynamic();
    const inner = (needsWorks ? chosen.innerJoin(works, eq(works.id, workSearch.workId)) : chosen)
      .where(matches)
      .orderBy(...SEARCH_ORDERS[sort])
      .limit(page.limit)
      .offset(page.offset)
      .as('page_ids');
    const outerOrder =
      sort === 'relevance'
        ? [sql`${inner.score} desc`, sql`${works.id} desc`]
        : ORDERS[sort === 'newest' ? 'newest' : sort];
    const rows = await this.db
      .select({ ...cardColumns, score: inner.score, total: inner.total })
      .from(inner)
      .innerJoin(works, eq(works.id, inner.id))
      .innerJoin(users, eq(users.id, works.userId))
      .orderBy(...outerOrder);
    if (rows[0]) return { rows: rows.map(withoutExtras), total: rows[0].total };
    // Past the last page: the window had no row to count on.
    return { rows: [], total: await this.countMatches(matches) };
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

  private async countMatches(where: SQL | undefined): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(workSearch)
      .where(where);
    return row?.total ?? 0;
  }
}
