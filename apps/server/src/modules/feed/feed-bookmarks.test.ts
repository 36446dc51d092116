import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { workCategories, works } from '../../db/schema';
import { createCategory, createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { FeedRepository } from './feed.repository';

let database: TDatabaseHandle;
let categoryId = 0;
const COUNT = 23;

/** Pages as plain OFFSET reads them: the reference the bookmarks must agree with. */
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

beforeAll(async () => {
  database = await createTestDatabase();
  const user = await createUser(database.db);
  const category = await createCategory(database.db);
  categoryId = category.id;
  // Equal publication times in pairs: the id must break the tie the same way everywhere.
  const inserted = await database.db.execute(sql`
    insert into works (user_id, title, status, published_at)
    select ${user.id}, 'w' || g, 'published',
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

const idsOf = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);

describe('deep pages through bookmarks', () => {
  it('answer exactly what OFFSET answers, at every depth', async () => {
    const repository = new FeedRepository(database.db, { bookmarkStep: 4 });
    for (let offset = 0; offset <= COUNT + 2; offset += 1) {
      const page = await repository.listPage({}, 'newest', { limit: 3, offset });
      expect(idsOf(page), `offset ${offset}`).toEqual(await plainIds(offset, 3));
    }
  });

  it('answer exactly what OFFSET answers inside a category', async () => {
    const repository = new FeedRepository(database.db, { bookmarkStep: 4 });
    for (let offset = 0; offset <= 16; offset += 1) {
      const page = await repository.listPage({ categoryId }, 'newest', { limit: 3, offset });
      expect(idsOf(page), `offset ${offset}`).toEqual(await plainIds(offset, 3, true));
    }
  });

  it('stay exact after works are published or hidden', async () => {
    const repository = new FeedRepository(database.db, { bookmarkStep: 4 });
    const before = await repository.listPage({}, 'newest', { limit: 3, offset: 10 });
    expect(idsOf(before)).toEqual(await plainIds(10, 3));
    const [newest] = await plainIds(0, 1);
    await database.db
      .update(works)
      .set({ deletedAt: new Date() })
      .where(eq(works.id, newest ?? 0));
    const after = await repository.listPage({}, 'newest', { limit: 3, offset: 10 });
    expect(idsOf(after)).toEqual(await plainIds(10, 3));
    expect(idsOf(after)).not.toEqual(idsOf(before));
  });
});
