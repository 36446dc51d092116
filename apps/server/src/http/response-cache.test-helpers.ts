import { workCategories } from '../db/schema';
import { signIn } from '../test/auth-helpers';
import { createCategory, createUser, createWork } from '../test/factories';
import type { TTestApp } from '../test/test-app';

/**
 * What the response-cache tests (response-cache.routes.test.ts and
 * response-cache-readers.routes.test.ts, ADR 0018) share: the feed's path,
 * a plain GET, and the works and users they read.
 */

export const FEED = '/api/v1/works/home';

export async function get(app: TTestApp, url: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url, headers });
}

/**
 * A maker's 12 published works, a minute apart and liked 0 to 11 times, the
 * even ones in the category 'Keychains'; the maker and two readers signed in.
 */
export async function keptPagesWorld(t: TTestApp) {
  const maker = await createUser(t.db);
  const category = await createCategory(t.db, { nameEn: 'Keychains' });
  const categoryId = category.id;
  const ids: number[] = [];
  for (let i = 0; i < 12; i += 1) {
    const work = await createWork(t.db, {
      userId: maker.id,
      title: `Cached work number ${i} with a long enough title`,
      summary: 'A summary that makes the page long enough to be compressed.',
      publishedAt: new Date(Date.now() - (i + 1) * 60_000),
      likeCount: i,
    });
    ids.push(work.id);
    if (i % 2 === 0) await t.db.insert(workCategories).values({ workId: work.id, categoryId });
  }
  const readerId = (await createUser(t.db)).id;
  const otherId = (await createUser(t.db)).id;
  return {
    maker,
    makerSession: await signIn(t, maker.id),
    readerId,
    otherId,
    readerSession: await signIn(t, readerId),
    otherSession: await signIn(t, otherId),
    categoryId,
    ids,
  };
}
