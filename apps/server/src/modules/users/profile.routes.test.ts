import { ZUserProfileResponse, ZWorkListResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userFollows, users } from '../../db/schema';
import { signIn, type TSignedIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let makerId = 0;
let maker: TSignedIn;
let fan: TSignedIn;

async function profile(id: number, session?: TSignedIn) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/user/profile/${id}`,
    headers: session?.headers ?? {},
  });
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.db, {
    email: 'lumen@example.test',
    nickname: '',
    avatar: '/files/a.webp',
    bio: 'Lamps and light',
    tag: 'Pro maker',
    points: 42,
  });
  makerId = user.id;
  maker = await signIn(t, makerId);
  const fanUser = await createUser(t.db);
  fan = await signIn(t, fanUser.id);
  await createWork(t.db, { userId: makerId, likeCount: 4, favorCount: 2 });
  await createWork(t.db, { userId: makerId, likeCount: 1, favorCount: 1 });
  // Not counted: in review, deleted.
  await createWork(t.db, { userId: makerId, status: 'in_review', likeCount: 50 });
  await createWork(t.db, { userId: makerId, deletedAt: new Date(), likeCount: 50 });
  await t.db.insert(userFollows).values({ followerId: fanUser.id, followeeId: makerId });
  // The social module keeps this counter with the row; set here as it would be.
  await t.db.update(users).set({ fansCount: 1 }).where(eq(users.id, makerId));
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/v1/user/profile/{id}', () => {
  it('shows a visitor the public profile and counters, never the e-mail or points', async () => {
    const res = await profile(makerId);
    expect(res.statusCode).toBe(200);
    const data = ZUserProfileResponse.parse(res.json()).data;
    expect(data).toMatchObject({
      id: makerId,
      nickname: 'lumen',
      avatar: '/files/a.webp',
      bio: 'Lamps and light',
      creatorTag: 'Pro maker',
      work_count: 2,
      likes: 5,
      favorites: 3,
      points: null,
      is_follow: false,
      is_self: false,
    });
    expect(res.body).not.toContain('example.test');
  });

  it('tells a follower that they follow', async () => {
    const data = ZUserProfileResponse.parse((await profile(makerId, fan)).json()).data;
    expect(data.is_follow).toBe(true);
    expect(data.fans).toBe(data.fans_count);
    expect(data.fans).toBe(1);
  });

  it('shows the user their own points', async () => {
    const data = ZUserProfileResponse.parse((await profile(makerId, maker)).json()).data;
    expect(data).toMatchObject({ is_self: true, points: 42 });
  });

  it('answers 404 for an unknown user', async () => {
    expect((await profile(999_999)).statusCode).toBe(404);
  });

  it('says whether the maker shows their collections, as they set it (ADR 0010)', async () => {
    expect(ZUserProfileResponse.parse((await profile(makerId)).json()).data.favorPublic).toBe(
      false,
    );
    const set = (favorPublic: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/user/updateInfo',
        ...maker,
        payload: { nickname: 'lumen', gender: 'confidential', birthday: '1990-01-01', favorPublic },
      });
    expect((await set(true)).statusCode).toBe(200);
    expect(ZUserProfileResponse.parse((await profile(makerId)).json()).data.favorPublic).toBe(true);
    expect((await set(false)).statusCode).toBe(200);
    expect(ZUserProfileResponse.parse((await profile(makerId)).json()).data.favorPublic).toBe(
      false,
    );
  });
});

describe('a maker profile for visitors (SPEC 1, 6; ADR 0016)', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers a visitor everything the profile page shows: the head and the published works', async () => {
    expect((await profile(makerId)).statusCode).toBe(200);
    const works = await get(
      `/api/v1/works/author/all/${makerId}?author=${makerId}&page=1&pageSize=50`,
    );
    expect(works.statusCode).toBe(200);
    const list = ZWorkListResponse.parse(works.json());
    expect(list.data).toHaveLength(2);
    expect(list.data.every((work) => work.status === 'published')).toBe(true);
  });

  it('keeps the liked list and following behind login', async () => {
    expect((await get('/api/v1/works/like?page=1&pageSize=50')).statusCode).toBe(401);
    const follow = await t.app.inject({ method: 'POST', url: `/api/v1/follow/user/${makerId}` });
    expect(follow.statusCode).toBe(401);
  });
});
