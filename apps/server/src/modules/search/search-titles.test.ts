import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { systemClock } from '../../lib/clock';
import { TaggedCache } from '../../lib/tagged-cache';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { chooseCandidates, FeedRepository } from '../feed/feed.repository';
import { SearchRepository } from './search.repository';
import { SearchIndexer } from './search-indexer';
import { SearchMatcher, type TSearchMatch } from './search-matcher';
import { SearchTermSets, type TTermSet } from './search-term-sets';
import { SearchTitles, type TSearchTitles } from './search-titles';

/*
 * ADR 0039: a search whose kept terms give exactly its matches chooses its
 * candidates from the kept titles. Every page must be the one the GIN index
 * gives (ADR 0022: the bounded candidates ranked first, the rest in the
 * candidate order, the exact total), across the bound and past it.
 */

describe('search candidates chosen from the kept titles', () => {
  let t: TTestApp;
  /** Three candidates ranked, so a few works cross the bound. */
  let repository: FeedRepository;
  let matcher: SearchMatcher;
  let sets: SearchTermSets;
  let titlesCache: TaggedCache<TSearchTitles | 'large'>;
  let titles: SearchTitles;
  const errors: unknown[] = [];
  const pages: [number, number][] = [];

  async function match(text: string): Promise<TSearchMatch> {
    const found = await matcher.match(text);
    if (!found) throw new Error(`no query for ${text}`);
    return found;
  }

  /** The kept matches of a text, exact (every term kept). */
  async function exactMatches(m: TSearchMatch): Promise<Int32Array> {
    sets.narrow(m.terms);
    await sets.idle();
    const narrowed = sets.narrow(m.terms);
    if (!narrowed || narrowed.checked) throw new Error(`${m.folded}: not kept exactly`);
    return narrowed.ids;
  }

  async function keptTitles(): Promise<TSearchTitles> {
    titles.get();
    await titles.idle();
    const kept = titles.get();
    if (!kept) throw new Error('no titles kept');
    return kept;
  }

  const ids = (page: { rows: { id: number }[] }) => page.rows.map((row) => row.id);

  beforeAll(async () => {
    t = await createTestApp();
    const author = await createUser(t.db);
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
    const titleList = [
      'Dragon lamp',
      'Lamp dragon',
      'Dragon lamp shade',
      'Hollow dragon',
      'Desk lamp',
      'Lamp base',
      'Night light',
      'Dragon egg',
      'Dragon lamp dragon',
      'Tiny dragon lamp',
    ];
    for (const [i, title] of titleList.entries()) {
      await createWork(t.db, { title, userId: author.id, publishedAt: at(i) });
    }
    // Four published at the same moment: the larger id decides between them.
    const sameMoment = at(40);
    for (let i = 0; i < 8; i += 1) {
      await createWork(t.db, {
        title: i % 2 ? `Printed lamp ${i}` : `Dragon figure ${i}`,
        summary: 'A dragon lamp to print',
        userId: author.id,
        publishedAt: i < 4 ? sameMoment : at(50 + i),
      });
    }
    await createWork(t.db, { title: 'Hidden dragon lamp', userId: author.id, status: 'in_review' });
    await new SearchIndexer(t.db).refresh();
    repository = new FeedRepository(t.db, { rankedCandidates: 3 });
    matcher = new SearchMatcher(new SearchRepository(t.db));
    sets = new SearchTermSets({
      cache: new TaggedCache<TTermSet>({ clock: systemClock, maxEntries: 100, ttlMs: 60_000 }),
      matches: (lookup, limit) => repository.termMatches(lookup, limit),
      onError: (error) => errors.push(error),
    });
    titlesCache = new TaggedCache({ clock: systemClock, maxEntries: 1, ttlMs: 60_000 });
    titles = new SearchTitles({
      cache: titlesCache,
      page: (afterId, limit) => repository.titlesAfter(afterId, limit),
      onError: (error) => errors.push(error),
      pageSize: 4,
    });
    for (const offset of [0, 1, 2, 3, 5, 8, 17]) {
      for (const limit of [1, 2, 3, 5, 50]) pages.push([offset, limit]);
    }
  });

  afterAll(async () => {
    expect(errors).toEqual([]);
    await t.close();
  });

  it('keeps every visible work, in pages, with its folded title and publication time', async () => {
    const kept = await keptTitles();
    const rows = await queryRows<{ work_id: number; title_norm: string; us: string }>(
      t.db,
      sql`select work_id, title_norm, (extract(epoch from published_at) * 1000000)::bigint as us
          from work_search where visible order by work_id`,
    );
    expect([...kept.ids]).toEqual(rows.map((row) => row.work_id));
    expect(kept.titles).toEqual(rows.map((row) => row.title_norm));
    expect([...kept.published]).toEqual(rows.map((row) => Number(row.us)));
    expect(kept.ids.length).toBe(18);
  });

  it('gives the pages and totals the index gives, across the ranked bound', async () => {
    const kept = await keptTitles();
    for (const text of ['dragon', 'lamp', 'dragon lamp', 'lamp dragon', 'hollow', 'printed']) {
      const m = await match(text);
      const all = await exactMatches(m);
      for (const [offset, limit] of pages) {
        const page = { offset, limit };
        const byIndex = await repository.searchPage({ match: m }, 'relevance', page);
        const chosen = await repository.chosenRelevancePage(m, all, kept, page);
        const label = `${text} ${offset}+${limit}`;
        if (offset >= all.length) {
          expect(chosen, label).toBeUndefined();
          continue;
        }
        expect(ids(chosen ?? { rows: [] }), label).toEqual(ids(byIndex));
        expect(chosen?.total, label).toBe(byIndex.total);
      }
    }
  });

  it('chooses the works the candidate order puts first: the title, then the newest, then the id', async () => {
    const kept = await keptTitles();
    const m = await match('dragon lamp');
    const all = await exactMatches(m);
    const byTitle = (id: number) => kept.titles[kept.ids.indexOf(id)] ?? '';
    // The titles holding "dragon lamp" as typed come before those that only hold both words.
    const first = chooseCandidates(kept, all, m, 4);
    expect([...(first ?? [])].map(byTitle).sort()).toEqual(
      ['dragon lamp', 'dragon lamp dragon', 'dragon lamp shade', 'tiny dragon lamp'].sort(),
    );
    expect(chooseCandidates(kept, all, m, all.length + 5)).toBe(all);
  });

  it('chooses nothing when a match has no kept title', async () => {
    const kept = await keptTitles();
    const m = await match('dragon');
    const all = await exactMatches(m);
    const missing = all[1] ?? 0;
    const at = kept.ids.indexOf(missing);
    const without: TSearchTitles = {
      ids: Int32Array.from([...kept.ids].filter((id) => id !== missing)),
      titles: kept.titles.filter((_, i) => i !== at),
      published: Float64Array.from([...kept.published].filter((_, i) => i !== at)),
    };
    expect(chooseCandidates(without, all, m, 3)).toBeUndefined();
    // When every match is a candidate the titles decide nothing.
    expect(chooseCandidates(without, all, m, all.length)).toBe(all);
    expect(
      await repository.chosenRelevancePage(m, all, without, { offset: 0, limit: 5 }),
    ).toBeUndefined();
  });

  it('keeps no titles past its bound, and nothing fetched before a change', async () => {
    const small = new SearchTitles({
      cache: new TaggedCache({ clock: systemClock, maxEntries: 1, ttlMs: 60_000 }),
      page: (afterId, limit) => repository.titlesAfter(afterId, limit),
      onError: (error) => errors.push(error),
      keptMax: 10,
      pageSize: 4,
    });
    expect(small.get()).toBeUndefined();
    await small.idle();
    expect(small.get()).toBeUndefined();

    await keptTitles();
    titlesCache.drop('all');
    expect(titles.get()).toBeUndefined();
    titlesCache.drop('all');
    await titles.idle();
    expect(titles.get()).toBeUndefined();
    await titles.idle();
    expect(titles.get()?.ids.length).toBe(18);
  });
});
