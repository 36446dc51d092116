import { type TFeedSort, ZWorkListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCategories } from '../../db/schema';
import { tag } from '../../http/freshness-tags';
import { systemClock } from '../../lib/clock';
import { TaggedCache } from '../../lib/tagged-cache';
import { createCategory, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { FeedRepository } from '../feed/feed.repository';
import { SearchRepository } from './search.repository';
import { SearchIndexer } from './search-indexer';
import { lookupParam } from './search-lookup.sql';
import { SearchMatcher, type TSearchMatch } from './search-matcher';
import { intersect, SearchTermSets, type TTermSet } from './search-term-sets';

/*
 * ADR 0038: a search's matches from the kept matches of its terms. Every
 * page must be the one the GIN index gives (ADR 0022 order, exact total),
 * and a change must drop what was kept.
 */

describe('intersect', () => {
  /** A reproducible ascending set of ids below `range`. */
  function ascending(seed: number, count: number, range: number): Int32Array {
    let state = seed;
    const ids = new Set<number>();
    while (ids.size < Math.min(count, range)) {
      state = (state * 48_271) % 2_147_483_647;
      ids.add(state % range);
    }
    return Int32Array.from([...ids].sort((a, b) => a - b));
  }

  it('gives exactly the ids in both, whatever their sizes', () => {
    const cases: [Int32Array, Int32Array][] = [
      [new Int32Array(), ascending(1, 50, 100)],
      [ascending(2, 50, 100), ascending(2, 50, 100)],
      [Int32Array.from([1, 3, 5]), Int32Array.from([2, 4, 6])],
      [Int32Array.from([99_999]), ascending(3, 5_000, 100_000)],
      [ascending(4, 3, 100_000), ascending(5, 20_000, 100_000)],
      [ascending(6, 700, 2_000), ascending(7, 900, 2_000)],
    ];
    for (const [a, b] of cases) {
      const inB = new Set(b);
      const expected = [...a].filter((id) => inB.has(id));
      expect([...intersect(a, b)]).toEqual(expected);
      expect([...intersect(b, a)]).toEqual(expected);
    }
  });
});

describe('a search narrowed by its kept terms', () => {
  let t: TTestApp;
  let repository: FeedRepository;
  let matcher: SearchMatcher;
  let cache: TaggedCache<TTermSet>;
  let sets: SearchTermSets;
  const errors: unknown[] = [];
  let lightingId = 0;

  async function match(text: string): Promise<TSearchMatch> {
    const found = await matcher.match(text);
    if (!found) throw new Error(`no query for ${text}`);
    return found;
  }

  /** The page the GIN index gives, and the one the kept terms give once fetched. */
  async function bothWays(
    text: string,
    offset = 0,
    limit = 50,
    sort: TFeedSort = 'relevance',
    categoryId?: number,
  ) {
    const m = await match(text);
    const page = { offset, limit };
    const byIndex = await repository.searchPage({ match: m, categoryId }, sort, page);
    sets.narrow(m.terms);
    await sets.idle();
    const narrowed = sets.narrow(m.terms);
    const byTerms =
      narrowed && narrowed.ids.length === 0
        ? { rows: [], total: 0 }
        : await repository.searchPage({ match: m, categoryId, narrowed }, sort, page);
    return { byIndex, byTerms, narrowed };
  }

  const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp();
    const author = await createUser(t.db, { nickname: 'Ada' });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const titles = [
      'Dragon lamp',
      'Hollow dragon lamp shade',
      'Cute keychain',
      'Dragon keychain',
      'Lamp base',
      'Desk organizer',
      'Cable organizer for desks',
      '小猫 钥匙扣',
      '可爱的小猫 灯',
      'Gear puzzle',
    ];
    const lighting = await createCategory(t.db, { nameEn: 'Lighting', nameZh: '灯具' });
    lightingId = lighting.id;
    for (const [i, title] of titles.entries()) {
      const work = await createWork(t.db, {
        title,
        userId: author.id,
        publishedAt: at(i),
        likeCount: i % 3,
        downloadCount: i % 4,
      });
      // Two of the dragons are lamps.
      if (title.startsWith('Dragon lamp') || title.startsWith('Hollow')) {
        await t.db.insert(workCategories).values({ workId: work.id, categoryId: lighting.id });
      }
    }
    await createWork(t.db, {
      title: 'Night light',
      summary: 'A dragon shaped night lamp',
      tags: ['keychain'],
      userId: author.id,
      publishedAt: at(20),
    });
    for (let i = 0; i < 12; i += 1) {
      await createWork(t.db, {
        title: `Printed lamp ${i}`,
        userId: author.id,
        publishedAt: at(30 + i),
      });
    }
    await createWork(t.db, { title: 'Hidden dragon lamp', userId: author.id, status: 'in_review' });
    await new SearchIndexer(t.db).refresh();
    repository = new FeedRepository(t.db);
    matcher = new SearchMatcher(new SearchRepository(t.db));
    cache = new TaggedCache<TTermSet>({ clock: systemClock, maxEntries: 100, ttlMs: 60_000 });
    sets = new SearchTermSets({
      cache,
      matches: (lookup, limit) => repository.termMatches(lookup, limit),
      onError: (error) => errors.push(error),
      largeAbove: 10,
    });
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await t.close();
  });

  it('gives the pages the index gives, in English, Chinese, by prefix and with a typo', async () => {
    for (const text of [
      'dragon lamp',
      'dragon keychain',
      'drag',
      'keychian',
      '小猫',
      'desk organizer',
    ]) {
      const { byIndex, byTerms, narrowed } = await bothWays(text);
      expect(narrowed, text).toBeDefined();
      expect(byIndex.total, text).toBeGreaterThan(0);
      expect(ids(byTerms), text).toEqual(ids(byIndex));
      expect(byTerms.total, text).toBe(byIndex.total);
    }
  });

  it('gives the pages the index gives in every list order and within a category', async () => {
    for (const sort of ['newest', 'likes', 'downloads'] as const) {
      for (const text of ['dragon', 'lamp dragon', 'hollow lamp']) {
        const { byIndex, byTerms, narrowed } = await bothWays(text, 0, 50, sort);
        expect(narrowed, `${text} ${sort}`).toBeDefined();
        expect(ids(byTerms), `${text} ${sort}`).toEqual(ids(byIndex));
        expect(byTerms.total, `${text} ${sort}`).toBe(byIndex.total);
      }
    }
    const inCategory = await bothWays('dragon', 0, 50, 'relevance', lightingId);
    expect(inCategory.byIndex.total).toBe(2);
    expect(ids(inCategory.byTerms)).toEqual(ids(inCategory.byIndex));
    expect(inCategory.byTerms.total).toBe(2);
    // The narrowed ids are what every order lists: one id left, one work shown.
    const dragon = await match('dragon');
    const [only] = ids(inCategory.byIndex);
    for (const sort of ['relevance', 'newest', 'likes'] as const) {
      const narrowed = { ids: Int32Array.from([only ?? 0]), checked: false };
      const page = await repository.searchPage({ match: dragon, narrowed }, sort, {
        offset: 0,
        limit: 50,
      });
      expect(ids(page), sort).toEqual([only]);
      expect(page.total, sort).toBe(1);
    }
    const pastLast = await bothWays('dragon', 50, 50, 'newest');
    expect(pastLast.byTerms).toEqual(pastLast.byIndex);
  });

  it('narrows a text whose words never meet in one work to no candidate', async () => {
    const { byIndex, narrowed } = await bothWays('puzzle keychain');
    expect(byIndex.total).toBe(0);
    expect(narrowed?.ids.length).toBe(0);
  });

  it('checks a term too common to keep on each work the others leave', async () => {
    // "lamp" matches 16 works, more than the 10 kept here; "hollow" one.
    const { byIndex, byTerms, narrowed } = await bothWays('hollow lamp');
    const [lamp] = (await match('lamp')).terms;
    expect(lamp && cache.get(lookupParam(lamp))).toBe('large');
    expect(narrowed).toEqual({ ids: expect.any(Int32Array), checked: true });
    expect(ids(byTerms)).toEqual(ids(byIndex));
    expect(byTerms.total).toBe(1);
  });

  it('leaves a text whose every term is too common to the index', async () => {
    const { narrowed } = await bothWays('lamp lamp');
    expect(narrowed).toBeUndefined();
  });

  it('keeps no work in review among the kept matches and pages without repeats', async () => {
    const first = await bothWays('lamp dragon', 0, 2);
    const second = await bothWays('lamp dragon', 2, 2);
    expect(ids(first.byTerms)).toEqual(ids(first.byIndex));
    expect(ids(second.byTerms)).toEqual(ids(second.byIndex));
    expect(first.byTerms.total).toBe(3);
    expect(new Set([...ids(first.byTerms), ...ids(second.byTerms)]).size).toBe(3);
  });

  it('drops kept terms on a change of the published set, not on a like', async () => {
    const before = await bothWays('gear');
    expect(before.byTerms.total).toBe(1);
    const gearTerms = (await match('gear')).terms;
    cache.drop([tag.work(before.byIndex.rows[0]?.id ?? 0)]);
    expect(sets.narrow(gearTerms)?.ids.length).toBe(1);

    const author = await createUser(t.db);
    await createWork(t.db, { title: 'Gear clock', userId: author.id });
    await new SearchIndexer(t.db).refresh();
    cache.drop([tag.works]);
    const after = await bothWays('gear');
    expect(after.byIndex.total).toBe(2);
    expect(after.byTerms.total).toBe(2);
  });

  it('keeps nothing fetched before a change', async () => {
    const terms = (await match('organizer')).terms;
    cache.drop('all');
    expect(sets.narrow(terms)).toBeUndefined();
    cache.drop('all');
    await sets.idle();
    expect(sets.narrow(terms)).toBeUndefined();
    await sets.idle();
    expect(sets.narrow(terms)?.ids.length).toBe(2);
  });
});

describe('GET /works/home with kept terms', () => {
  let t: TTestApp;
  let fresh: TTestApp;
  /** Search statements sent since the last reset (a work's document matched, or works by key). */
  let searches: string[] = [];
  /** Term and title fetches sent (ADR 0038, 0039), to wait for what the next search will find kept. */
  const fetches: Promise<unknown>[] = [];
  let titleFetches = 0;

  async function home(app: TTestApp, text: string) {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/v1/works/home?query=${encodeURIComponent(text)}`,
    });
    expect(res.statusCode).toBe(200);
    return ZWorkListResponse.parse(res.json());
  }

  async function homeFresh(text: string) {
    fresh.app.keptAnswers.dropHere('all');
    return home(fresh, text);
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Another instance, whose answers from nothing kept (routeAnswer) are the index's.
    fresh = await createTestApp({ database: t.database });
    const author = await createUser(t.db);
    for (const title of ['Gear puzzle box', 'Puzzle cube', 'Cat keychain', 'Gear keychain']) {
      await createWork(t.db, { title, userId: author.id });
    }
    await new SearchIndexer(t.db).refresh();
    const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const query = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      const [first] = args;
      const text = typeof first === 'string' ? first : String((first as { text?: string }).text);
      const isTermFetch = text.includes('string_agg("work_id"::text');
      const isTitlesFetch = text.includes('"title_norm", (extract(epoch');
      if (isTitlesFetch) titleFetches += 1;
      if (!isTermFetch && /"document" @@|"work_id" = any\(/.test(text)) searches.push(text);
      const result = query(...args);
      if (isTermFetch || isTitlesFetch) {
        fetches.push(Promise.resolve(result).catch(() => undefined));
      }
      return result;
    };
  });

  afterAll(async () => {
    await fresh.close();
    await t.close();
  });

  it('answers a text whose words never meet with no statement once its words are kept', async () => {
    // Two texts typed once each (no kept page answers either), of the same two terms.
    searches = [];
    const first = await home(t, 'puzzle cat');
    expect(searches).toHaveLength(1);
    expect(fetches).toHaveLength(2);
    await Promise.all(fetches);
    await new Promise((resolve) => setImmediate(resolve));
    // The other instance shares the database client: its statements come after the count.
    expect(first).toEqual(await homeFresh('puzzle cat'));

    searches = [];
    const second = await home(t, 'cat puzzle');
    expect(searches).toHaveLength(0);
    expect(second).toEqual(await homeFresh('cat puzzle'));
    expect(second.total).toBe(0);
  });

  it('answers what the index answers for texts that find works', async () => {
    for (const text of ['gear keychain', 'keychain gear', 'gear', 'gear puzzle', 'puzzle gear']) {
      const page = await home(t, text);
      expect(page, text).toEqual(await homeFresh(text));
      expect(page.total, text).toBeGreaterThan(0);
    }
  });

  it('reads by key only the candidates the kept titles choose, and answers as the index does', async () => {
    // Every word below is kept by now; an exact search fetches the titles once (ADR 0039).
    await home(t, 'keychain cat');
    expect(titleFetches).toBe(1);
    await Promise.all(fetches);
    await new Promise((resolve) => setImmediate(resolve));
    for (const text of [
      'gear gear',
      'keychain',
      'cat keychain',
      'puzzle puzzle',
      'gear keychain gear',
    ]) {
      searches = [];
      const page = await home(t, text);
      expect(searches, text).toHaveLength(1);
      expect(searches[0], text).toContain('"work_id" = any(');
      expect(searches[0], text).not.toContain('"document" @@');
      expect(page, text).toEqual(await homeFresh(text));
      expect(page.total, text).toBeGreaterThan(0);
    }
    expect(titleFetches).toBe(1);
  });
});
