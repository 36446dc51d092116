import { type TPost, ZPostListResponse } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** My activity (the `mine` feed) and a maker's posts (ADR 0013). */
let t: TTestApp;
const NOW = new Date('2026-11-20T10:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 60 * 60_000);
type TWho = { id: number; headers: { authorization: string } };
let me: TWho;
let maker: TWho;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ clock: () => NOW });
  const meUser = await createUser(t.db);
  me = { id: meUser.id, headers: (await signIn(t, meUser.id)).headers };
  const makerUser = await createUser(t.db, { nickname: 'Maker Mo' });
  maker = { id: makerUser.id, headers: (await signIn(t, makerUser.id)).headers };
  const post = async (name: string, userId: number, hours: number) => {
    const at = hoursAgo(hours);
    ids[name] = (
      await createPost(t.db, { userId, content: name, createdAt: at, updatedAt: at })
    ).id;
  };
  const comment = (name: string, hours: number, deleted = false) =>
    t.db.insert(comments).values({
      postId: ids[name] as number,
      userId: me.id,
      content: `on ${name}`,
      createdAt: hoursAgo(hours),
      deletedAt: deleted ? NOW : null,
    });
  await post('myNewer', me.id, 3);
  await post('myOlder', me.id, 10);
  await post('makerA', maker.id, 20);
  await post('makerB', maker.id, 40);
  await post('makerC', maker.id, 1);
  await post('makerUntouched', maker.id, 0.5);
  await comment('makerA', 1); // latest activity of all
  await comment('myOlder', 2); // my own post, commented later: listed once, as commented
  await comment('makerB', 30);
  await comment('makerB', 4); // the latest of two comments counts
  await comment('makerC', 0.2, true); // deleted: no activity
});

afterAll(async () => {
  await t.close();
});

const get = (url: string, as?: TWho) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as?.headers ?? {} });

const named = (posts: TPost[]) =>
  posts.map((post) => ({
    name: Object.keys(ids).find((name) => ids[name] === post.id),
    activity: post.activity,
    activity_at: post.activity_at,
  }));

describe('GET /community/feed/mine', () => {
  const expected = [
    { name: 'makerA', activity: 'commented', activity_at: hoursAgo(1).toISOString() },
    { name: 'myOlder', activity: 'commented', activity_at: hoursAgo(2).toISOString() },
    { name: 'myNewer', activity: 'posted', activity_at: hoursAgo(3).toISOString() },
    { name: 'makerB', activity: 'commented', activity_at: hoursAgo(4).toISOString() },
  ];

  it('lists my posts and the posts I commented on, each once, by my latest activity', async () => {
    const res = await get('/community/feed/mine', me);
    expect(res.statusCode).toBe(200);
    const body = ZPostListResponse.parse(res.json());
    expect(body.total).toBe(4);
    expect(named(body.data)).toEqual(expected);
  });

  it('pages without repeating a post', async () => {
    const seen: TPost[] = [];
    for (let page = 1; page <= 3; page += 1) {
      const body = ZPostListResponse.parse(
        (await get(`/community/feed/mine?page=${page}&pageSize=3`, me)).json(),
      );
      expect(body.total).toBe(4);
      seen.push(...body.data);
    }
    expect(named(seen)).toEqual(expected);
  });

  it('needs a login (401); somebody without activity gets an empty list', async () => {
    const visitor = await get('/community/feed/mine');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(401);
    const newcomer = await createUser(t.db);
    const res = await get('/community/feed/mine', {
      id: newcomer.id,
      headers: (await signIn(t, newcomer.id)).headers,
    });
    expect(res.json()).toMatchObject({ code: 200, data: [], total: 0 });
  });
});

describe('GET /community/user/{uid}/posts', () => {
  it('lists a maker’s posts newest first, paged with the total, for visitors too', async () => {
    const first = ZPostListResponse.parse(
      (await get(`/community/user/${maker.id}/posts?pageSize=3`)).json(),
    );
    expect(first.total).toBe(4);
    expect(first.data.map((post) => post.content)).toEqual(['makerUntouched', 'makerC', 'makerA']);
    expect(first.data.every((post) => post.nickname === 'Maker Mo' && !post.is_like)).toBe(true);
    expect(first.data.every((post) => post.activity === null)).toBe(true);
    const second = ZPostListResponse.parse(
      (await get(`/community/user/${maker.id}/posts?page=2&pageSize=3`, me)).json(),
    );
    expect(second.data.map((post) => post.content)).toEqual(['makerB']);
  });

  it('answers 404 for an unknown user and an empty list for one without posts', async () => {
    expect((await get('/community/user/999999/posts')).statusCode).toBe(404);
    const quiet = await createUser(t.db);
    expect((await get(`/community/user/${quiet.id}/posts`)).json()).toMatchObject({
      data: [],
      total: 0,
    });
  });
});
