import { ZWorkListResponse } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { FeedRepository, RANKED_CANDIDATES } from '../feed/feed.repository';
import { SearchRepository } from './search.repository';
import { SearchIndexer } from './search-indexer';
import { SearchMatcher } from './search-matcher';

/*
 * ADR 0022: a new search ranks a bounded set of candidates. These searches
 * match more works than the bound, and must still put the best match first,
 * count every match and page through all of them once.
 */

let t: TTestApp;
const DAY = 24 * 3_600_000;
/** Works matching "lantern" only in their summary, newer than the best match. */
const SUMMARY_MATCHES = 10;
/** Works matching "widget" only in their summary: more than the real bound. */
const MANY = RANKED_CANDIDATES + 20;

async function searchPage(repository: FeedRepository, text: string, offset: number, limit: number) {
  const match = await new SearchMatcher(new SearchRepository(t.db)).match(text);
  if (!match) throw new Error(`no query for ${text}`);
  return repository.searchPage({ match }, 'relevance', { offset, limit });
}

async function home(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/works/home?${query}` });
  expect(res.statusCode).toBe(200);
  return ZWorkListResponse.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp();
  const author = await createUser(t.db);
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  // The best match is the oldest: a bound taken newest first would leave it out.
  await createWork(t.db, { title: 'Lantern', userId: author.id, publishedAt: at(90) });
  for (let i = 0; i < SUMMARY_MATCHES; i += 1) {
    await createWork(t.db, {
      title: `Shelf piece ${i}`,
      summary: 'Holds a small lantern',
      userId: author.id,
      publishedAt: at(i),
    });
  }
  await createWork(t.db, {
    title: 'Porch hook',
    tags: ['lantern'],
    userId: author.id,
    publishedAt: at(60),
  });
  await createWork(t.db, { title: 'Widget', userId: author.id, publishedAt: at(120) });
  await t.db.execute(sql`
    insert into works (user_id, title, summary, cover, status, published_at)
    select ${author.id}, 'Gadget ' || g, 'A widget for the desk', '["/files/test/c.png"]'::jsonb,
      'published', now() - g * interval '1 minute'
    from generate_series(1, ${MANY}) g
  `);
  await new SearchIndexer(t.db).refresh();
});

afterAll(async () => {
  await t.close();
});

describe('a search with more matches than the ranked candidates', () => {
  it('ranks the best match first and counts every match', async () => {
    const repository = new FeedRepository(t.db, { rankedCandidates: 4 });
    const page = await searchPage(repository, 'lantern', 0, 50);
    expect(page.total).toBe(SUMMARY_MATCHES + 2);
    expect(page.rows[0]?.title).toBe('Lantern');
    expect(new Set(page.rows.map((row) => row.id)).size).toBe(SUMMARY_MATCHES + 2);
  });

  it('orders the candidates by relevance and the rest newest first', async () => {
    const repository = new FeedRepository(t.db, { rankedCandidates: 4 });
    const titles = (await searchPage(repository, 'lantern', 0, 50)).rows.map((row) => row.title);
    // Candidates: the title match, then the three newest summary matches, ranked.
    expect(titles.slice(0, 4)).toEqual([
      'Lantern',
      'Shelf piece 0',
      'Shelf piece 1',
      'Shelf piece 2',
    ]);
    // Past the bound: newest first, the tag match (60 days old) last.
    expect(titles.slice(4)).toEqual([
      ...Array.from({ length: SUMMARY_MATCHES - 3 }, (_, i) => `Shelf piece ${i + 3}`),
      'Porch hook',
    ]);
  });

  it('pages through every match once, across the bound', async () => {
    const repository = new FeedRepository(t.db, { rankedCandidates: 4 });
    const whole = (await searchPage(repository, 'lantern', 0, 50)).rows.map((row) => row.id);
    const paged: number[] = [];
    for (let offset = 0; offset < whole.length; offset += 3) {
      const page = await searchPage(repository, 'lantern', offset, 3);
      expect(page.total).toBe(whole.length);
      paged.push(...page.rows.map((row) => row.id));
    }
    expect(paged).toEqual(whole);
    const past = await searchPage(repository, 'lantern', 50, 3);
    expect(past).toEqual({ rows: [], total: whole.length });
  });

  it('ranks as before when the matches fit the bound', async () => {
    const ranked = await searchPage(new FeedRepository(t.db), 'lantern', 0, 50);
    expect(ranked.rows.map((row) => row.title).slice(0, 2)).toEqual(['Lantern', 'Porch hook']);
    expect(ranked.total).toBe(SUMMARY_MATCHES + 2);
  });

  it('keeps the best of more than RANKED_CANDIDATES matches first, with the exact total', async () => {
    const first = await home('query=widget');
    expect(first.total).toBe(MANY + 1);
    expect(first.data[0]?.title).toBe('Widget');
    const second = await home('query=widget&page=2');
    expect(second.total).toBe(MANY + 1);
    const seen = new Set(first.data.map((card) => card.id));
    expect(second.data).toHaveLength(50);
    expect(second.data.filter((card) => seen.has(card.id))).toEqual([]);
    const last = await home(`query=widget&page=${Math.ceil((MANY + 1) / 50)}`);
    expect(last.data).toHaveLength((MANY + 1) % 50 || 50);
  });
});
