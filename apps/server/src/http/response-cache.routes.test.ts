import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ZWorkDetailResponse, ZWorkListResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works } from '../db/schema';
import { signIn, type TSignedIn } from '../test/auth-helpers';
import { createUser, createWork } from '../test/factories';
import { routeAnswer } from '../test/kept-answers';
import { openSse, withTicket } from '../test/sse-client';
import { createTestApp, type TTestApp } from '../test/test-app';
import { workFixture } from '../test/works-fixture';
import { RESPONSE_CACHE_TTL_MS } from './response-cache';
import { FEED, get, keptPagesWorld } from './response-cache.test-helpers';
import {
  EMBEDDED_FEED_VERSION_POLL_MS,
  FEED_VERSION_POLL_MS,
  feedVersionPollMs,
} from './response-invalidation';

/**
 * ADR 0018: the visitor answers kept in memory, and what drops them. A
 * signed-in reader's pages and searches: response-cache-readers.routes.test.ts.
 */
let t: TTestApp;
/** Another instance on the same database: its answers from nothing kept are what every answer must equal. */
let fresh: TTestApp;
let maker: { id: number };
let makerSession: TSignedIn;
let readerSession: TSignedIn;
let otherSession: TSignedIn;
let categoryId: number;
let ids: number[];

/** The route's answer to a visitor, from nothing kept. */
function uncached(url: string, headers: Record<string, string> = {}) {
  return routeAnswer(fresh, url, headers);
}

beforeAll(async () => {
  t = await createTestApp();
  fresh = await createTestApp({ database: t.database });
  ({ maker, makerSession, readerSession, otherSession, categoryId, ids } = await keptPagesWorld(t));
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
    expect(zh.body).toBe(await uncached('/api/v1/categroy/all', { 'accept-language': 'zh-CN' }));
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
      await withTicket(`${address}/api/v1/notify/stream`, readerSession.access_token),
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
    // A like does not move the feed version: only the signal over Redis reaches b,
    // waited for as the event it is (ADR 0044), not a time.
    await b.app.keptAnswers.appliedFrom(a.app.keptAnswers);
    expect(await likes(b)).toBe(1);
  });
});

if (!redisUrl) {
  describe('two instances sharing Redis', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
