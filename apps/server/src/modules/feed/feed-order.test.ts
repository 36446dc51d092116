import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { workCategories, works } from '../../db/schema';
import { tag } from '../../http/freshness-tags';
import { TaggedCache } from '../../lib/tagged-cache';
import { createCategory, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { FeedOrders, type TFeedOrder } from './feed-order';
import { FeedOrderRepository } from './feed-order.repository';

/**
 * ADR 0064: a deep page cut from a list's kept order is exactly what OFFSET
 * reads (SPEC 7 pages by number), also after changes, with or without the
 * drop that names them.
 */
let database: TDatabaseHandle;
let categoryId = 0;
const COUNT = 23;

/** Pages as plain OFFSET reads them: the reference the kept order must agree with. */
async function plainIds(offset: number, limit: number, inCategory = false): Promise<number[]> {
  const rows = await database.db
    .select({ id: works.id })
    .from(works)
    .where(
      sql`${works.status} = 'published' and ${works.deletedAt} is null ${
        inCategory
          ? sql`and exists (select 1 from ${workCategories} wc where wc.work_id = ${works.id} and wc.category_id = ${categoryId})`
          : sql``
      }`,
    )
    .orderBy(sql`${works.publishedAt} desc`, sql`${works.id} desc`)
    .limit(limit)
    .offset(offset);
  return rows.map((row) => row.id);
}

async function visibleCount(): Promise<number> {
  return (await plainIds(0, 1000)).length;
}

function ordersOn(cache = newCache()) {
  return {
    cache,
    orders: new FeedOrders({ cache, repository: new FeedOrderRepository(database.db) }),
  };
}

function newCache() {
  return new TaggedCache<TFeedOrder>({ clock: () => new Date(), maxEntries: 8, ttlMs: 60_000 });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createUser(database.db);
  const category = await createCategory(database.db);
  categoryId = category.id;
  // Equal publication times in pairs: the id must break the tie as the list query does.
  const inserted = await database.db.execute(sql`
    insert into works (user_id, title, status, published_at)
    select ${user.id}, 'w' || g, case when g % 7 = 0 then 'in_review' else 'published' end,
      timestamp '2026-01-01 00:00:00.123456+00' + ((g / 2) * interval '1 second')
    from generate_series(1, ${COUNT}) g
    returning id`);
  const ids = (inserted as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  await database.db
    .insert(workCategories)
    .values(ids.filter((_, i) => i % 3 !== 0).map((workId) => ({ workId, categoryId })));
});

afterAll(async () => {
  await database.close();
});

const idsOf = (page: { rows: { id: number }[] } | undefined) => page?.rows.map((row) => row.id);

describe('deep pages from the kept order (ADR 0064)', () => {
  it('answer exactly what OFFSET answers, with the list’s total, at every depth', async () => {
    const { orders } = ordersOn();
    const total = await visibleCount();
    for (let offset = 0; offset <= COUNT + 2; offset += 1) {
      const page = await orders.page(undefined, { limit: 3, offset });
      expect(idsOf(page), `offset ${offset}`).toEqual(await plainIds(offset, 3));
      expect(page?.total).toBe(total);
    }
  });

  it('answer exactly what OFFSET answers inside a category', async () => {
    const { orders } = ordersOn();
    for (let offset = 0; offset <= 16; offset += 1) {
      const page = await orders.page(categoryId, { limit: 3, offset });
      expect(idsOf(page), `offset ${offset}`).toEqual(await plainIds(offset, 3, true));
    }
  });

  it('stay exact when works are hidden behind the kept order’s back, and after the drop', async () => {
    const { orders, cache } = ordersOn();
    const before = await orders.page(undefined, { limit: 3, offset: 4 });
    expect(idsOf(before)).toEqual(await plainIds(4, 3));
    const kept = cache.get('all');
    const [newest] = await plainIds(0, 1);
    await database.db
      .update(works)
      .set({ deletedAt: new Date() })
      .where(eq(works.id, newest ?? 0));
    // No drop yet: the page's cards come at another feed version, and the order is read again.
    const after = await orders.page(undefined, { limit: 3, offset: 4 });
    expect(idsOf(after)).toEqual(await plainIds(4, 3));
    expect(idsOf(after)).not.toEqual(idsOf(before));
    expect(after?.total).toBe(await visibleCount());
    expect(cache.get('all')).not.toBe(kept);
    // The drop a write names (works) takes the order away; a card's own change does not.
    cache.drop([tag.work(newest ?? 0)]);
    expect(cache.get('all')).toBeDefined();
    cache.drop([tag.works]);
    expect(cache.get('all')).toBeUndefined();
    expect(idsOf(await orders.page(undefined, { limit: 3, offset: 4 }))).toEqual(
      await plainIds(4, 3),
    );
  });

  it('keep a category’s order until the catalogue or the works change', async () => {
    const { orders, cache } = ordersOn();
    await orders.page(categoryId, { limit: 3, offset: 3 });
    expect(cache.get(String(categoryId))).toBeDefined();
    cache.drop([tag.catalogue]);
    expect(cache.get(String(categoryId))).toBeUndefined();
  });
});
