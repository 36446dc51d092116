import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ZSearchRecordListResponse, ZWorkListResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCounts, works } from '../db/schema';
import type { TSignedIn } from '../test/auth-helpers';
import { likedBy, routeAnswer, withOwnLikes } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { workFixture } from '../test/works-fixture';
import { ASKED_ONCE_MAX, personalPageOf, ResponseCache } from './response-cache';
import { FEED, get, keptPagesWorld } from './response-cache.test-helpers';

/**
 * ADR 0018, continued from response-cache.routes.test.ts: a signed-in
 * reader's pages (the kept visitor page with their own likes) and searches
 * (kept from their second ask, every one still recorded, ADR 0036, 0037).
 */
let t: TTestApp;
/** Another instance on the same database: its answers from nothing kept are what every answer must equal. */
let fresh: TTestApp;
let maker: { id: number };
let makerSession: TSignedIn;
let readerSession: TSignedIn;
let otherSession: TSignedIn;
let readerId: number;
let otherId: number;
let categoryId: number;
let ids: number[];

/** The route's answer to a visitor, from nothing kept. */
function uncached(url: string, headers: Record<string, string> = {}) {
  return routeAnswer(fresh, url, headers);
}

/** The route's answer to a signed-in reader of a list: the visitor's with their own flags. */
async function uncachedFor(userId: number, url: string) {
  return withOwnLikes(await uncached(url), await likedBy(t.db, userId));
}

beforeAll(async () => {
  t = await createTestApp();
  fresh = await createTestApp({ database: t.database });
  ({ maker, makerSession, readerSession, otherSession, readerId, otherId, categoryId, ids } =
    await keptPagesWorld(t));
});

afterAll(async () => {
  await fresh?.close();
  await t?.close();
});

describe('signed-in readers and searches from memory (ADR 0018)', () => {
  it('gives a signed-in reader their own likes on the kept page, never the visitor page or another’s', async () => {
    await get(t, FEED);
    const liked = ids[2] as number;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/works/like/${liked}`,
      ...readerSession,
    });
    expect(put.statusCode).toBe(200);
    await get(t, FEED); // the visitor page kept again
    const flags = async (headers: Record<string, string>) => {
      const body = ZWorkListResponse.parse((await get(t, FEED, headers)).json());
      return body.data.filter((card) => card.is_like).map((card) => card.id);
    };
    expect(await flags(readerSession.headers)).toEqual([liked]);
    expect(await flags(otherSession.headers)).toEqual([]);
    expect(await flags({})).toEqual([]);
    // The reader's page equals what the uncached app answers them.
    const theirs = await get(t, FEED, readerSession.headers);
    expect(theirs.body).toBe(await uncachedFor(readerId, FEED));
    expect(theirs.headers.etag).toBeUndefined();
    expect(await flags(readerSession.headers)).toEqual([liked]);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/works/like/${liked}`, ...readerSession });
    expect(await flags(readerSession.headers)).toEqual([]);
  });

  it('keeps the visitor page on a signed-in reader’s miss, so signed-in readers share it', async () => {
    const liked = ids[4] as number;
    // A like drops the kept feed; only signed-in readers come after it.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/works/like/${liked}`,
      ...readerSession,
    });
    expect(put.statusCode).toBe(200);
    const readers = await Promise.all(
      [readerSession, otherSession, readerSession].map((session) =>
        get(t, FEED, { ...session.headers, 'accept-encoding': 'br' }),
      ),
    );
    const pages = readers.map((answer) => brotliDecompressSync(answer.rawPayload).toString());
    expect(readers[0]?.headers['content-encoding']).toBe('br');
    expect(readers[0]?.headers['content-type']).toMatch(/^application\/json/);
    expect(readers[0]?.headers['cache-control']).toBe('private, no-cache');
    // Each reader's page is what the uncached app answers them, byte for byte.
    expect(pages[0]).toBe(await uncachedFor(readerId, FEED));
    expect(pages[1]).toBe(await uncachedFor(otherId, FEED));
    expect(pages[2]).toBe(pages[0]);
    const likedBy = (page: string | undefined) =>
      ZWorkListResponse.parse(JSON.parse(page ?? '{}'))
        .data.filter((card) => card.is_like)
        .map((card) => card.id);
    expect(likedBy(pages[0])).toEqual([liked]);
    expect(likedBy(pages[1])).toEqual([]);
    // The visitor page was kept by the readers' miss: a title changed behind the
    // app's back (no signal) does not show to the next visitor until a change does.
    const [row] = await t.db.select({ title: works.title }).from(works).where(eq(works.id, liked));
    await t.db.update(works).set({ title: 'Changed behind the app' }).where(eq(works.id, liked));
    try {
      const visitor = ZWorkListResponse.parse((await get(t, FEED)).json());
      expect(visitor.data.find((card) => card.id === liked)?.title).toBe(row?.title);
      expect(visitor.data.every((card) => !card.is_like)).toBe(true);
    } finally {
      await t.db.update(works).set({ title: row?.title }).where(eq(works.id, liked));
    }
    await t.app.inject({ method: 'DELETE', url: `/api/v1/works/like/${liked}`, ...readerSession });
    // A page the visitor does not get (not found) is answered by the route for the reader.
    const missing = await get(t, '/api/v1/collection/getWorks/999999', readerSession.headers);
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toBe(await uncached('/api/v1/collection/getWorks/999999'));
  });

  it('takes a kept list apart by its structure, each card as a visitor and a liker see it', () => {
    const page = {
      code: 0,
      data: [
        { id: 1, title: '"is_like":false', is_like: false },
        { id: 2, title: 'b', is_like: false },
      ],
      total: 2,
    };
    const parts = personalPageOf(JSON.stringify(page), page);
    expect(parts?.head).toBe('{"code":0,"data":[');
    expect(parts?.tail).toBe('],"total":2}');
    expect(parts?.cards.map((card) => card.id)).toEqual([1, 2]);
    // A title that spells a flag is a title: the liked card differs in its flag alone.
    expect(parts?.cards[0]?.liked).toBe(
      JSON.stringify({ id: 1, title: '"is_like":false', is_like: true }),
    );
    // A liked card (not a visitor's page), or bytes the parts do not give back, are not kept apart.
    const liked = { data: [{ id: 1, is_like: true }] };
    expect(personalPageOf(JSON.stringify(liked), liked)).toBeUndefined();
    const spaced = { data: [{ id: 1, is_like: false }] };
    expect(personalPageOf(JSON.stringify(spaced, null, 1), spaced)).toBeUndefined();
  });

  it('remembers at most ASKED_ONCE_MAX keys asked for once, the oldest forgotten first', () => {
    const cache = new ResponseCache({ clock: () => new Date(), likedAmong: async () => new Set() });
    expect(cache.askedBefore('k0')).toBe(false);
    expect(cache.askedBefore('k0')).toBe(true);
    for (let i = 1; i < ASKED_ONCE_MAX; i += 1) cache.askedBefore(`k${i}`);
    expect(cache.askedBefore('k1')).toBe(true);
    // One more: k0, the oldest, is forgotten; the newest are still remembered.
    expect(cache.askedBefore(`k${ASKED_ONCE_MAX}`)).toBe(false);
    expect(cache.askedBefore(`k${ASKED_ONCE_MAX - 1}`)).toBe(true);
    expect(cache.askedBefore('k0')).toBe(false);
  });

  it('keeps repeated searches until the published set changes', async () => {
    const search = `${FEED}?query=${encodeURIComponent('cached work')}`;
    const first = await get(t, search);
    expect(first.body).toBe(await uncached(search));
    expect((await get(t, search)).body).toBe(first.body);
    const { form } = await workFixture(t, maker.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      ...makerSession,
      payload: form({ title: 'Cached work found by search' }),
    });
    expect(created.statusCode).toBe(200);
    const after = ZWorkListResponse.parse((await get(t, search)).json());
    expect(after.data.map((card) => card.title)).toContain('Cached work found by search');
    expect((await get(t, search)).body).toBe(await uncached(search));
  });

  it('answers repeated searches from memory and still records every one (SPEC 4, ADR 0036)', async () => {
    const text = 'cached long title';
    const search = `${FEED}?query=${encodeURIComponent(text)}`;
    const visitor = (ip: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: search, headers, remoteAddress: ip });
    const counted = async (words: string) => {
      // Reading hot searches writes the counts buffered in memory.
      await get(t, '/api/v1/works/search/hot');
      const [row] = await t.db
        .select({ count: searchCounts.count })
        .from(searchCounts)
        .where(eq(searchCounts.wordsKey, words));
      return row?.count ?? 0;
    };
    // Asked once: answered by the route and only remembered (ADR 0037).
    expect((await visitor('10.0.0.9')).headers.etag).toBeUndefined();
    const first = await visitor('10.0.0.1', { 'accept-encoding': 'br' });
    expect(first.headers.etag).toBeDefined();
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(await uncached(search));
    const shown = ids[7] as number;
    const [row] = await t.db.select({ title: works.title }).from(works).where(eq(works.id, shown));
    await t.db.update(works).set({ title: 'Changed behind the app' }).where(eq(works.id, shown));
    try {
      // Kept: a title changed without a signal does not show; gzip is made when first asked for.
      const again = await visitor('10.0.0.2', { 'accept-encoding': 'gzip' });
      expect(again.headers['content-encoding']).toBe('gzip');
      const page = ZWorkListResponse.parse(JSON.parse(gunzipSync(again.rawPayload).toString()));
      expect(page.data.find((card) => card.id === shown)?.title).toBe(row?.title);
      await visitor('10.0.0.3');
      // A signed-in reader gets the kept page with their flags, and the search in their history.
      const mine = await get(t, search, readerSession.headers);
      expect(mine.headers['cache-control']).toBe('private, no-cache');
      const minePage = ZWorkListResponse.parse(mine.json());
      expect(minePage.data.find((card) => card.id === shown)?.title).toBe(row?.title);
    } finally {
      await t.db.update(works).set({ title: row?.title }).where(eq(works.id, shown));
    }
    // One count per visitor and one for the reader: every answer from memory was recorded.
    expect(await counted(text)).toBe(5);
    const history = await get(t, '/api/v1/works/search_record', readerSession.headers);
    expect(ZSearchRecordListResponse.parse(history.json()).data[0]?.words).toBe(text);
    // A signed-in reader's miss is answered by the route, which records it once:
    // no visitor's request is made on their behalf to fill the cache.
    const other = 'cached enough title';
    const missed = await get(t, `${FEED}?query=${encodeURIComponent(other)}`, otherSession.headers);
    expect(missed.statusCode).toBe(200);
    expect(await counted(other)).toBe(1);
    // Later pages are the same search scrolled: served, not recorded again.
    await get(t, `${FEED}?page=2&query=${encodeURIComponent(text)}`);
    expect(await counted(text)).toBe(5);
  });

  it('keeps a search page from its second ask, a feed page from its first (ADR 0037)', async () => {
    const search = `${FEED}?query=${encodeURIComponent('number long')}`;
    // A kept answer carries an ETag and answers 304 to it; the route's own answer has none.
    const once = await get(t, search, { 'if-none-match': '*' });
    expect(once.statusCode).toBe(200);
    expect(once.headers.etag).toBeUndefined();
    expect(once.body).toBe(await uncached(search));
    const twice = await get(t, search);
    expect(twice.body).toBe(once.body);
    const etag = String(twice.headers.etag);
    expect(etag).toMatch(/^W\//);
    expect((await get(t, search, { 'if-none-match': etag })).statusCode).toBe(304);
    // A signed-in reader's ask is not a visitor's: it neither keeps nor counts as one.
    const unread = `${FEED}?query=${encodeURIComponent('number enough')}`;
    expect((await get(t, unread, readerSession.headers)).statusCode).toBe(200);
    expect((await get(t, unread)).headers.etag).toBeUndefined();
    expect((await get(t, unread)).headers.etag).toBeDefined();
    // Nor on a later page, where no visitor's request is made on the reader's behalf.
    const later = `${FEED}?page=2&pageSize=2&query=${encodeURIComponent('number enough')}`;
    const readerLater = await get(t, later, readerSession.headers);
    expect(ZWorkListResponse.parse(readerLater.json()).data).toHaveLength(2);
    expect((await get(t, later)).headers.etag).toBeUndefined();
    expect((await get(t, later)).headers.etag).toBeDefined();
    // Lists without a search are kept from their first ask, as before.
    const category = `${FEED}?category=${categoryId}&sort=likes`;
    const first = await get(t, category);
    expect(first.headers.etag).toBeDefined();
    expect(
      (await get(t, category, { 'if-none-match': String(first.headers.etag) })).statusCode,
    ).toBe(304);
  });
});
