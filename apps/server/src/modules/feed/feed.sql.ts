import type { TFeedSort } from '@layerline/contract';
import { and, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { workCategories, workCategoryFeed, works, worksFeedVersion } from '../../db/schema';
import type { TCardRow } from '../../kernel/card-columns.sql';
import type { TNarrowed, TSearchMatch } from '../search';

/* SQL pieces shared by the feed's list, search and deep-page queries. */

export type TFeedFilter = {
  categoryId?: number;
  match?: TSearchMatch;
  /** The search's matches as its kept terms give them (ADR 0038). */
  narrowed?: TNarrowed;
};
export type TFeedPage = {
  rows: TCardRow[];
  /** Set by a search (counted with the page); lists take theirs from `countVisible`. */
  total?: number;
  /** works_feed_version when the page was read; absent when the page was empty. */
  version?: number;
};

export type TListQuery = PgPreparedQuery<
  PreparedQueryConfig & { execute: (TCardRow & { version: number })[] }
>;

/** DESIGN 3: only published, not deleted works reach feeds and search. */
export const isVisible = and(eq(works.status, 'published'), isNull(works.deletedAt));

export const currentVersion = sql<number>`(select ${worksFeedVersion.version} from ${worksFeedVersion} where ${worksFeedVersion.id} = 1)`;

/**
 * SPEC 3 Category: a parent covers its children (and theirs). The category
 * tree is tiny; the work_categories (category_id, work_id) index does the rest.
 */
export function inCategory(
  categoryId: number | Placeholder,
  workId: SQL | AnyPgColumn = works.id,
): SQL {
  return sql`exists (
    select 1 from ${workCategories}
    where ${workCategories.workId} = ${workId}
      and ${workCategories.categoryId} in (
        with recursive tree(id) as (
          select ${categoryId}::int
          union all
          select c.id from categories c join tree on c.parent_id = tree.id
        )
        select id from tree
      )
  )`;
}

/**
 * Orders spelled as the partial indexes are (DESC NULLS LAST), so the first
 * pages read the index in order and stop.
 */
export const ORDERS: Record<Exclude<TFeedSort, 'relevance'>, SQL[]> = {
  newest: [sql`${works.publishedAt} desc nulls last`, sql`${works.id} desc nulls last`],
  likes: [sql`${works.likeCount} desc nulls last`, sql`${works.id} desc nulls last`],
  downloads: [sql`${works.downloadCount} desc nulls last`, sql`${works.id} desc nulls last`],
};

/** The newest-first order of work_category_feed, spelled as its index is. */
export const CATEGORY_NEWEST: SQL[] = [
  sql`${workCategoryFeed.publishedAt} desc nulls last`,
  sql`${workCategoryFeed.workId} desc nulls last`,
];

/** A card row without the bookkeeping columns a page query adds. */
export function withoutExtras<T extends TCardRow>(row: T): TCardRow {
  const {
    version: _version,
    score: _score,
    total: _total,
    ...card
  } = row as T & {
    version?: number;
    score?: number;
    total?: number;
  };
  return card;
}
