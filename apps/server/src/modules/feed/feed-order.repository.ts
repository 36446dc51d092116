import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { queryRows } from '../../db/client';
import { intArrayParam, preparedOnce } from '../../db/prepared';
import { users, workCategoryFeed, works } from '../../db/schema';
import { cardColumns, type TCardRow } from '../../kernel/card-columns.sql';
import { currentVersion, isVisible } from './feed.sql';

/** A newest-first list's ids, all of them, and the works_feed_version they were read at. */
export type TFeedOrder = { ids: Int32Array; version: number };

/** The SQL of the kept newest-first orders (feed-order keeps what it reads, ADR 0064). */
export class FeedOrderRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * Every id of the newest-first list (of a category's subtree, when given),
   * in one statement, so the ids and the version come from one snapshot.
   * Ordered as the list pages are (publication time, then id, both
   * descending), read as one text: an array of 100,000 numbers costs far
   * more to parse.
   */
  async orderOf(categoryId: number | undefined): Promise<TFeedOrder> {
    const statement =
      categoryId === undefined
        ? sql`select coalesce(string_agg(${works.id}::text, ',' order by ${works.publishedAt} desc nulls last, ${works.id} desc nulls last), '') as ids,
            ${currentVersion} as version
          from ${works} where ${isVisible}`
        : sql`select coalesce(string_agg(${workCategoryFeed.workId}::text, ',' order by ${workCategoryFeed.publishedAt} desc nulls last, ${workCategoryFeed.workId} desc nulls last), '') as ids,
            ${currentVersion} as version
          from ${workCategoryFeed} where ${eq(workCategoryFeed.categoryId, categoryId)}`;
    const [row] = await queryRows<{ ids: string; version: number | string }>(this.db, statement);
    const text = row?.ids ?? '';
    const ids = text === '' ? new Int32Array(0) : Int32Array.from(text.split(','), Number);
    return { ids, version: Number(row?.version ?? 0) };
  }

  /**
   * The cards of these works, in no order, each with the version they were
   * read at (prepared once: every deep page asks). Works no longer visible
   * are left out.
   */
  cardsByIds(ids: ArrayLike<number>): Promise<(TCardRow & { version: number })[]> {
    const name = 'feed_cards_by_ids';
    const query = preparedOnce(this.db, name, () =>
      this.db
        .select({ ...cardColumns, version: currentVersion })
        .from(works)
        .innerJoin(users, eq(users.id, works.userId))
        .where(sql`${works.id} = any(${sql.placeholder('ids')}::int[]) and ${isVisible}`)
        .prepare(name),
    );
    return query.execute({ ids: intArrayParam(Array.from(ids)) });
  }
}
