import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ZSearchRecordListResponse,
  ZWorkDetailResponse,
  ZWorkListResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCounts, workCategories, works } from '../db/schema';
import { signIn, type TSignedIn } from '../test/auth-helpers';
import { createCategory, createUser, createWork } from '../test/factories';
import { openSse } from '../test/sse-client';
import { createTestApp, type TTestApp } from '../test/test-app';
import { likedBy, routeAnswer, withOwnLikes } from '../test/kept-answers';
import { workFixture } from '../test/works-fixture';
import {
  ASKED_ONCE_MAX,
  personalPageOf,
  RESPONSE_CACHE_TTL_MS,
  ResponseCache,
} from './response-cache';
import {
  EMBEDDED_FEED_VERSION_POLL_MS,
  FEED_VERSION_POLL_MS,
  feedVersionPollMs,
} from './response-invalidation';

/** ADR 0018: the visitor answers kept in memory, and what drops them. */
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
const ids: number[] = [];

const FEED = '/api/v1/works/home';

async function get(app: TTestApp, url: string, headers: Record<string, string> = {}) {
  return app.app.inject({ method: 'GET', url, headers });
}

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
  maker = await createUser(t.db);
  const category = await createCategory(t.db, { nameEn: 'Keychains' });
  categoryId = category.id;
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
  makerSession = await signIn(t, maker.id);
  readerId = (await createUser(t.db)).id;
  otherId = (await createUser(t.db)).id;
  readerSession = await signIn(t, readerId);
  otherSession = await signIn(t, otherId);
});

afterAll(async () => {
  await fresh?.close();
  await t?.close();
});

describe('visitor pages from memory (ADR 0018)', () => {
  it('answers the feed, a category, a detail and the catalogue as the uncached app does', async () => {
    for (const url of [
      FEED,
      `${FEED}?category=${categoryId}`,
      `${FEED}?sort=likes&pageSize=5`,
      `/api/v1/works/${ids[3]}`,
      '/api/v1/categroy/all',
      '/api/v1/material/list',
      '/api/v1/banner/list?type=1',
      '/api/v1/collection/getAllCollection',
    ]) {
      const first = await get(t, url);
      const second = await get(t, url);
      const expected = { body: await uncached(url) };
      expect(first.statusCode, url).toBe(200);
      expect(second.body, url).toBe(expected.body);
      expect(first.body, url).toBe(expected.body);
      expect(second.headers.etag, url).toBe(first.headers.etag);
    }
    // In Chinese too, kept apart from the English answer.
    const zh = await get(t, '/api/v1/categroy/all', { 'accept-language': 'zh-CN' });
    expect(zh.body).toBe(
      await uncached('/api/v1/categroy/all', { 'accept-language': 'zh-CN' }),
    );
  });

  it('leaves unknown paths and wrong methods to their handlers', async () => {
    expect((await get(t, '/api/v1/no-such-path')).statusCode).toBe(404);
    expect(await uncached('/api/v1/no-such-path')).toBe(
      (await get(t, '/api/v1/no-such-path')).body,
    );
  });

  it('answers 304 to a matching If-None-Match, and the page again when it changed', async () => {
    const first = await get(t, FEED);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(t, FEED, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.inject({ method: 'PUT', url: `/api/v1/works/like/${ids[0]}`, ...readerSession });
    const changed = await get(t, FEED, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/works/like/${ids[0]}`, ...readerSession });
  });

  it('answers brotli, gzip or identity as Accept-Encoding asks, with Vary', async () => {
    const plain = await get(t, FEED);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get(t, FEED, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await get(t, FEED, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const refused = await get(t, FEED, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Uncached answers (a signed-in reader's) are compressed too; small ones are not.
    const mine = await get(t, '/api/v1/works?mine=1', {
      'accept-encoding': 'br',
      ...makerSession.headers,
    });
    expect(mine.headers['content-encoding']).toBe('br');
    const small = await get(t, '/api/v1/material/list', { 'accept-encoding': 'br' });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

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

  it('shows a like’s count at once on the feed and the detail', async () => {
    const id = ids[1] as number;
    const count = async (url: string) => {
      const body = (await get(t, url)).json() as { data: unknown };
      if (url.includes('home')) {
        return ZWorkListResponse.parse(body).data.find((card) => card.id === id)?.like;
      }
      return ZWorkDetailResponse.parse(body).data.like;
    };
    const before = await count(FEED);
    const detailBefore = await count(`/api/v1/works/${id}`);
    await t.app.inject({ method: 'PUT', url: `/api/v1/works/like/${id}`, ...otherSession });
    expect(await count(FEED)).toBe((before ?? 0) + 1);
    expect(await count(`/api/v1/works/${id}`)).toBe((detailBefore ?? 0) + 1);
    await t.app.inject({ method: 'DELETE', url: `/api/v1/works/like/${id}`, ...otherSession });
    expect(await count(FEED)).toBe(before);
  });

  it('keeps its pages through a console probe of an AI provider, which shows on no page', async () => {
    const id = ids[2] as number;
    const titleOnFeed = async () =>
      ZWorkListResponse.parse((await get(t, FEED)).json()).data.find((card) => card.id === id)
        ?.title;
    const kept = await titleOnFeed();
    // Written past the app: only a drop of the kept page would show it.
    await t.db
      .update(works)
      .set({ title: 'Renamed where no write hook sees it' })
      .where(eq(works.id, id));
    const admin = await signIn(t, (await createUser(t.db, { role: 'admin' })).id, {
      role: 'admin',
    });
    const probe = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/ai-providers/openaiImages/check',
      ...admin,
    });
    expect(probe.statusCode).toBe(200);
    expect(await titleOnFeed()).toBe(kept);
    await t.db
      .update(works)
      .set({ title: kept as string })
      .where(eq(works.id, id));
  });

  it('shows a maker’s publish, edit, re-categorisation and delete at once (SPEC 3)', async () => {
    const { form } = await workFixture(t, maker.id);
    const titles = async (url: string) =>
      ZWorkListResponse.parse((await get(t, url)).json()).data.map((card) => card.title);
    await get(t, FEED);
    await get(t, `${FEED}?category=${categoryId}`);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      ...makerSession,
      payload: form({ title: 'Freshly published clip' }),
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json() as { data: { id: number } }).data.id;
    expect((await titles(FEED))[0]).toBe('Freshly published clip');
    expect(await get(t, `/api/v1/works/${id}`).then((res) => res.statusCode)).toBe(200);

    const updated = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/works/update',
      ...makerSession,
      payload: { ...form({ title: 'Renamed clip', categories: [categoryId] }), id },
    });
    expect(updated.statusCode).toBe(200);
    expect((await titles(FEED))[0]).toBe('Renamed clip');
    expect((await titles(`${FEED}?category=${categoryId}`))[0]).toBe('Renamed clip');
    const detail = ZWorkDetailResponse.parse((await get(t, `/api/v1/works/${id}`)).json());
    expect(detail.data.title).toBe('Renamed clip');

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/works/${id}`,
      ...makerSession,
    });
    expect(removed.statusCode).toBe(200);
    expect(await titles(FEED)).not.toContain('Renamed clip');
    expect(await titles(`${FEED}?category=${categoryId}`)).not.toContain('Renamed clip');
    expect((await get(t, `/api/v1/works/${id}`)).statusCode).toBe(404);
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

  it('drops its pages when the feed version moves outside the app (another process)', async (context) => {
    // An embedded database is open in one process only: no other process writes it.
    if (t.database.kind === 'pglite') context.skip();
    await get(t, FEED);
    await createWork(t.db, { title: 'Published by another process', publishedAt: new Date() });
    // Read each second (FEED_VERSION_POLL_MS); waited for, not timed.
    await expect
      .poll(async () => ZWorkListResponse.parse((await get(t, FEED)).json()).data[0]?.title, {
        timeout: 10_000,
        interval: 200,
      })
      .toBe('Published by another process');
  });
});

describe('the feed-version poll', () => {
  it('reads each second on a server database and is a 30-second safety net on the embedded one', () => {
    // ADR 0042: other processes may write a server database; none can open an embedded one.
    expect(feedVersionPollMs('postgres')).toBe(FEED_VERSION_POLL_MS);
    expect(feedVersionPollMs('pglite')).toBe(EMBEDDED_FEED_VERSION_POLL_MS);
    expect(EMBEDDED_FEED_VERSION_POLL_MS).toBeGreaterThan(FEED_VERSION_POLL_MS);
    // A missed change still goes within half the kept answers' lifetime.
    expect(EMBEDDED_FEED_VERSION_POLL_MS).toBeLessThanOrEqual(RESPONSE_CACHE_TTL_MS / 2);
  });
});

describe('compression leaves event streams alone', () => {
  it('sends /notify/stream unbuffered and unencoded to a client that accepts brotli', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await openSse(
      `${address}/api/v1/notify/stream?token=${readerSession.access_token}`,
      {
        'accept-encoding': 'br, gzip',
      },
    );
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers['content-encoding']).toBeUndefined();
      // The first event arrives as plain text at once, not held for a compressor.
      await stream.next();
    } finally {
      stream.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('two instances sharing Redis (TEST_REDIS_URL)', () => {
  let a: TTestApp;
  let b: TTestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl };
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('drops the other instance’s kept pages after a like', async () => {
    const owner = await createUser(a.db);
    const work = await createWork(a.db, {
      userId: owner.id,
      title: 'Shared',
      publishedAt: new Date(),
    });
    const fan = await signIn(a, (await createUser(a.db)).id);
    const likes = async (app: TTestApp) =>
      ZWorkDetailResponse.parse((await get(app, `/api/v1/works/${work.id}`)).json()).data.like;
    expect(await likes(a)).toBe(0);
    expect(await likes(b)).toBe(0);
    expect((await get(b, `/api/v1/works/${work.id}`)).headers.etag).toBeDefined();
    const put = await a.app.inject({ method: 'PUT', url: `/api/v1/works/like/${work.id}`, ...fan });
    expect(put.statusCode).toBe(200);
    expect(await likes(a)).toBe(1);
    // A like does not move the feed version: only the signal over Redis reaches b.
    await expect.poll(() => likes(b), { timeout: 5000, interval: 50 }).toBe(1);
  });
});

if (!redisUrl) {
  describe('two instances sharing Redis', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
