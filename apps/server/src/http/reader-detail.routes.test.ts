import { brotliDecompressSync } from 'node:zlib';
import { apiPath } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { works } from '../db/schema';
import { signIn, type TSignedIn } from '../test/auth-helpers';
import { createUser, createWork } from '../test/factories';
import { dropWritten } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { tag } from './freshness-tags';
import { personalDetailOf } from './personal-detail';

/**
 * ADR 0065: a signed-in reader's work detail is the visitor's kept one with
 * their own is_like, is_favor, is_follow, follow_state and the likes among
 * the maker's latest works, byte for byte what the route answers them
 * (SPEC 3 Work detail), and it follows their likes, favourites and follows
 * at once.
 */
let t: TTestApp;
/** The same database with nothing kept: the route's own answers. */
let plain: TTestApp;
let makerId: number;
let reader: TSignedIn;
let maker: TSignedIn;
let other: TSignedIn;
let workId: number;
let latestId: number;
let draftId: number;

beforeAll(async () => {
  t = await createTestApp();
  plain = await createTestApp({ database: t.database, env: { RESPONSE_CACHE: '0' } });
  makerId = (await createUser(t.db)).id;
  const minute = 60_000;
  workId = (
    await createWork(t.db, { userId: makerId, publishedAt: new Date(Date.now() - 3 * minute) })
  ).id;
  latestId = (
    await createWork(t.db, { userId: makerId, publishedAt: new Date(Date.now() - minute) })
  ).id;
  draftId = (await createWork(t.db, { userId: makerId, status: 'in_review' })).id;
  reader = await signIn(t, (await createUser(t.db)).id);
  other = await signIn(t, (await createUser(t.db)).id);
  maker = await signIn(t, makerId);
});

afterAll(async () => {
  await plain?.close();
  await t?.close();
});

const detail = (id: number) => apiPath('works.detail', { id });

async function both(url: string, who: TSignedIn) {
  const kept = await t.app.inject({ method: 'GET', url, headers: who.headers });
  const route = await plain.app.inject({ method: 'GET', url, headers: who.headers });
  return { kept, route };
}

async function act(method: 'PUT' | 'POST' | 'DELETE', url: string, who: TSignedIn) {
  const answer = await t.app.inject({ method, url, headers: who.headers });
  expect(answer.statusCode, answer.body).toBe(200);
}

describe('a signed-in reader’s detail from the kept one (ADR 0065)', () => {
  it('carries the reader’s own flags, as the route answers them', async () => {
    const url = detail(workId);
    await t.app.inject({ method: 'GET', url }); // the visitor's detail kept
    await act('PUT', `/api/v1/works/like/${workId}`, reader);
    await act('PUT', `/api/v1/works/like/${latestId}`, reader);
    await act('POST', `/api/v1/favor/${workId}`, reader);
    await act('POST', `/api/v1/follow/user/${makerId}`, reader);
    await t.app.inject({ method: 'GET', url });
    const mine = await both(url, reader);
    expect(mine.kept.statusCode).toBe(200);
    expect(mine.kept.body).toBe(mine.route.body);
    const data = (mine.kept.json() as { data: Record<string, unknown> }).data;
    expect([data.is_like, data.is_favor, data.is_follow, data.follow_state]).toEqual([
      true,
      true,
      true,
      'following',
    ]);
    const cards = data.userWorks as { id: number; is_like: boolean }[];
    expect(cards.find((card) => card.id === latestId)?.is_like).toBe(true);
    expect(mine.kept.headers['cache-control']).toBe('private, no-cache');
    expect(mine.kept.headers.etag).toBeUndefined();
    // Another reader, and the maker (who follows back nobody), get theirs, never the first one's.
    for (const who of [other, maker]) {
      const theirs = await both(url, who);
      expect(theirs.kept.body).toBe(theirs.route.body);
    }
    const brotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...reader.headers, 'accept-encoding': 'br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(mine.route.body);
    // From the kept detail: a title changed without a signal shows once its drop comes.
    await t.db.update(works).set({ title: 'Changed behind the app' }).where(eq(works.id, workId));
    const title = async () =>
      (
        (await t.app.inject({ method: 'GET', url, headers: reader.headers })).json() as {
          data: { title: string };
        }
      ).data.title;
    expect(await title()).not.toBe('Changed behind the app');
    await dropWritten(t, [tag.work(workId)]);
    expect(await title()).toBe('Changed behind the app');
  });

  it('follows a reader’s unlike and unfollow at once', async () => {
    const url = detail(workId);
    await act('DELETE', `/api/v1/works/like/${workId}`, reader);
    await act('DELETE', `/api/v1/follow/user/${makerId}`, reader);
    const mine = await both(url, reader);
    expect(mine.kept.body).toBe(mine.route.body);
    const data = (mine.kept.json() as { data: Record<string, unknown> }).data;
    expect([data.is_like, data.is_follow, data.follow_state]).toEqual([false, false, 'none']);
  });

  it('leaves a work the visitor cannot see to the route (its owner sees it)', async () => {
    const url = detail(draftId);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const owner = await both(url, maker);
    expect(owner.kept.statusCode).toBe(200);
    expect(owner.kept.body).toBe(owner.route.body);
  });

  it('takes apart only a visitor’s detail whose value gives its bytes back', () => {
    const value = {
      code: 0,
      data: {
        id: 1,
        created_by: 2,
        is_like: false,
        is_favor: false,
        is_follow: false,
        follow_state: 'none',
        userWorks: [{ id: 3, is_like: false }],
      },
    };
    expect(personalDetailOf(JSON.stringify(value), value)).toBeDefined();
    const liked = { ...value, data: { ...value.data, is_like: true } };
    expect(personalDetailOf(JSON.stringify(liked), liked)).toBeUndefined();
    expect(personalDetailOf(JSON.stringify(value, null, 1), value)).toBeUndefined();
  });
});
