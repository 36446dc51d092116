import { ZFollowResponse, ZLikeResponse, ZWorkDetailResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users, workLikes, works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let author: TWho;
let fan: TWho;
let other: TWho;

async function who(): Promise<TWho> {
  const user = await createUser(t.db);
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

beforeAll(async () => {
  t = await createTestApp();
  author = await who();
  fan = await who();
  other = await who();
});

afterAll(async () => {
  await t.close();
});

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (method: TMethod, url: string, as?: TWho) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: as?.headers ?? {} });

async function counts(workId: number) {
  const [row] = await t.db
    .select({ like: works.likeCount, favor: works.favorCount })
    .from(works)
    .where(eq(works.id, workId));
  return row;
}

const notificationsOf = (recipientId: number) =>
  t.db.select().from(notifications).where(eq(notifications.recipientId, recipientId));

describe('like (SPEC 4, SPEC 7 PUT/DELETE /works/like/{id})', () => {
  it('counts a repeated like once and unlikes idempotently', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const first = await call('PUT', `/works/like/${work.id}`, fan);
    expect(first.statusCode).toBe(200);
    expect(ZLikeResponse.parse(first.json()).data).toEqual({ id: work.id, is_like: true, like: 1 });
    const again = await call('PUT', `/works/like/${work.id}`, fan);
    expect(again.json().data).toEqual({ id: work.id, is_like: true, like: 1 });
    expect((await call('PUT', `/works/like/${work.id}`, other)).json().data.like).toBe(2);

    const off = await call('DELETE', `/works/like/${work.id}`, fan);
    expect(off.json().data).toEqual({ id: work.id, is_like: false, like: 1 });
    const offAgain = await call('DELETE', `/works/like/${work.id}`, fan);
    expect(offAgain.json().data).toEqual({ id: work.id, is_like: false, like: 1 });
    expect(await counts(work.id)).toEqual({ like: 1, favor: 0 });
  });

  it('needs a login', async () => {
    const work = await createWork(t.db, { userId: author.id });
    expect((await call('PUT', `/works/like/${work.id}`)).statusCode).toBe(401);
  });

  it('refuses works that are not published, even one’s own (404)', async () => {
    for (const status of ['in_review', 'rejected'] as const) {
      const work = await createWork(t.db, { userId: author.id, status });
      for (const as of [fan, author]) {
        expect((await call('PUT', `/works/like/${work.id}`, as)).statusCode).toBe(404);
        expect((await call('POST', `/favor/${work.id}`, as)).statusCode).toBe(404);
        expect((await call('DELETE', `/works/like/${work.id}`, as)).statusCode).toBe(404);
      }
      expect(await counts(work.id)).toEqual({ like: 0, favor: 0 });
    }
    const deleted = await createWork(t.db, { userId: author.id, deletedAt: new Date() });
    expect((await call('PUT', `/works/like/${deleted.id}`, fan)).statusCode).toBe(404);
    expect((await call('PUT', '/works/like/999999', fan)).statusCode).toBe(404);
  });

  it('lets a like be taken back after the work left the feed', async () => {
    const work = await createWork(t.db, { userId: author.id });
    await call('PUT', `/works/like/${work.id}`, fan);
    await t.db.update(works).set({ status: 'in_review' }).where(eq(works.id, work.id));
    const off = await call('DELETE', `/works/like/${work.id}`, fan);
    expect(off.json().data).toEqual({ id: work.id, is_like: false, like: 0 });
  });

  it('keeps exact counts under 50 concurrent likes and unlikes', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const people = await Promise.all(Array.from({ length: 10 }, () => who()));
    const requests = Array.from({ length: 50 }, (_, i) => {
      const person = people[i % people.length] as TWho;
      return call(i % 3 === 2 ? 'DELETE' : 'PUT', `/works/like/${work.id}`, person);
    });
    const replies = await Promise.all(requests);
    expect(replies.every((reply) => reply.statusCode === 200)).toBe(true);
    const rows = await t.db.$count(workLikes, eq(workLikes.workId, work.id));
    expect((await counts(work.id))?.like).toBe(rows);
    // Settle: everybody likes, then everybody unlikes; the count follows exactly.
    await Promise.all(people.map((person) => call('PUT', `/works/like/${work.id}`, person)));
    expect((await counts(work.id))?.like).toBe(10);
    await Promise.all(
      [...people, ...people].map((person) => call('DELETE', `/works/like/${work.id}`, person)),
    );
    expect((await counts(work.id))?.like).toBe(0);
  });

  it('never lets a counter go below 0 (database check)', async () => {
    const work = await createWork(t.db, { userId: author.id });
    await expect(
      t.db.update(works).set({ likeCount: -1 }).where(eq(works.id, work.id)),
    ).rejects.toThrow();
    await expect(
      t.db.update(users).set({ fansCount: -1 }).where(eq(users.id, author.id)),
    ).rejects.toThrow();
  });

  it('notifies the author, not oneself, and takes the notification back on unlike', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const before = (await notificationsOf(author.id)).length;
    await call('PUT', `/works/like/${work.id}`, author);
    expect((await notificationsOf(author.id)).length).toBe(before);
    await call('PUT', `/works/like/${work.id}`, fan);
    await call('PUT', `/works/like/${work.id}`, fan);
    const liked = (await notificationsOf(author.id)).filter((n) => n.workId === work.id);
    expect(liked).toEqual([
      expect.objectContaining({ kind: 'liked', actorId: fan.id, readAt: null }),
    ]);
    await call('DELETE', `/works/like/${work.id}`, fan);
    expect((await notificationsOf(author.id)).filter((n) => n.workId === work.id)).toEqual([]);
  });

  it('lists the caller’s liked works, latest first, published only', async () => {
    const liker = await who();
    const a = await createWork(t.db, { userId: author.id, title: 'Liked A' });
    const b = await createWork(t.db, { userId: author.id, title: 'Liked B' });
    const c = await createWork(t.db, { userId: author.id, title: 'Liked C' });
    for (const work of [a, b, c]) await call('PUT', `/works/like/${work.id}`, liker);
    await t.db.update(works).set({ status: 'rejected' }).where(eq(works.id, b.id));
    const page = (await call('GET', '/works/like?page=1&pageSize=1', liker)).json();
    expect(page.total).toBe(2);
    expect(page.data.map((card: { id: number }) => card.id)).toEqual([c.id]);
    expect(page.data[0]).toMatchObject({ is_like: true, like: 1, title: 'Liked C' });
    const second = (await call('GET', '/works/like?page=2&pageSize=1', liker)).json();
    expect(second.data.map((card: { id: number }) => card.id)).toEqual([a.id]);
    expect((await call('GET', '/works/like')).statusCode).toBe(401);
  });
});

describe('favor (SPEC 7 POST/DELETE /favor/{id}, GET /favor/{uid})', () => {
  it('collects once, uncollects, and lists a user’s collection', async () => {
    const collector = await who();
    const a = await createWork(t.db, { userId: author.id });
    const b = await createWork(t.db, { userId: author.id });
    expect((await call('POST', `/favor/${a.id}`, collector)).json().data).toEqual({
      id: a.id,
      is_favor: true,
      favor: 1,
    });
    expect((await call('POST', `/favor/${a.id}`, collector)).json().data.favor).toBe(1);
    await call('POST', `/favor/${b.id}`, collector);
    await call('PUT', `/works/like/${b.id}`, collector);
    const list = (await call('GET', `/favor/${collector.id}?page=1&pageSize=10`, collector)).json();
    expect(list.total).toBe(2);
    expect(
      list.data.map((card: { id: number; is_like: boolean }) => [card.id, card.is_like]),
    ).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    // ADR 0010: private to their owner; other users and visitors see none.
    for (const as of [other, undefined]) {
      const seen = (await call('GET', `/favor/${collector.id}`, as)).json();
      expect(seen).toMatchObject({ code: 200, data: [], total: 0 });
    }
    expect((await call('DELETE', `/favor/${a.id}`, collector)).json().data).toEqual({
      id: a.id,
      is_favor: false,
      favor: 0,
    });
    expect((await call('GET', `/favor/${collector.id}`, collector)).json().total).toBe(1);
    expect((await call('GET', '/favor/999999')).statusCode).toBe(404);
  });
});

describe('public favourites (ADR 0010: private unless their owner opens them)', () => {
  const profile = { nickname: 'Collector', gender: 'confidential', birthday: '1990-01-01' };
  const setFavorPublic = (as: TWho, favorPublic?: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateInfo',
      headers: as.headers,
      payload: favorPublic === undefined ? profile : { ...profile, favorPublic },
    });

  it('lists a user’s favourites to others once the owner makes them public, and hides them again', async () => {
    const collector = await who();
    const work = await createWork(t.db, { userId: author.id });
    await call('POST', `/favor/${work.id}`, collector);
    const info = (await call('GET', '/user/getinfo', collector)).json().data;
    expect(info.favorPublic).toBe(false);
    expect((await call('GET', `/favor/${collector.id}`, other)).json().total).toBe(0);

    const opened = await setFavorPublic(collector, true);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.favorPublic).toBe(true);
    for (const as of [other, undefined]) {
      const seen = (await call('GET', `/favor/${collector.id}`, as)).json();
      expect(seen).toMatchObject({ code: 200, total: 1 });
      expect(seen.data[0].id).toBe(work.id);
    }
    // A profile save without the field keeps the setting.
    expect((await setFavorPublic(collector)).json().data.favorPublic).toBe(true);
    expect((await setFavorPublic(collector, false)).json().data.favorPublic).toBe(false);
    expect((await call('GET', `/favor/${collector.id}`)).json()).toMatchObject({
      data: [],
      total: 0,
    });
    expect((await call('GET', `/favor/${collector.id}`, collector)).json().total).toBe(1);
  });

  it('refuses a setting that is not a boolean', async () => {
    const collector = await who();
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateInfo',
      headers: collector.headers,
      payload: { ...profile, favorPublic: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('follow (SPEC 7 POST/DELETE /follow/user/{id})', () => {
  it('follows idempotently with exact counts and follow states', async () => {
    const a = await who();
    const b = await who();
    const follow = await call('POST', `/follow/user/${b.id}`, a);
    expect(ZFollowResponse.parse(follow.json()).data).toEqual({
      id: b.id,
      is_follow: true,
      follow_state: 'following',
      follow_count: 0,
      fans_count: 1,
    });
    expect((await call('POST', `/follow/user/${b.id}`, a)).json().data.fans_count).toBe(1);
    const back = await call('POST', `/follow/user/${a.id}`, b);
    expect(back.json().data).toMatchObject({
      follow_state: 'mutual',
      fans_count: 1,
      follow_count: 1,
    });
    await call('DELETE', `/follow/user/${b.id}`, a);
    const [row] = await t.db
      .select({ follow: users.followCount, fans: users.fansCount })
      .from(users)
      .where(eq(users.id, a.id));
    expect(row).toEqual({ follow: 0, fans: 1 });
    const state = (await call('DELETE', `/follow/user/${b.id}`, a)).json().data;
    expect(state).toMatchObject({ is_follow: false, follow_state: 'follow_back', fans_count: 0 });
  });

  it('refuses following oneself (400) and unknown users (404)', async () => {
    const self = await call('POST', `/follow/user/${fan.id}`, fan);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ code: 400, msg: 'You cannot follow yourself' });
    expect((await call('POST', '/follow/user/999999', fan)).statusCode).toBe(404);
    expect((await call('POST', `/follow/user/${author.id}`)).statusCode).toBe(401);
  });

  it('notifies the followed user and takes it back on unfollow', async () => {
    const a = await who();
    const b = await who();
    await call('POST', `/follow/user/${b.id}`, a);
    expect(await notificationsOf(b.id)).toEqual([
      expect.objectContaining({ kind: 'follow', actorId: a.id }),
    ]);
    await call('DELETE', `/follow/user/${b.id}`, a);
    expect(await notificationsOf(b.id)).toEqual([]);
  });
});

describe('social fields of works (SPEC 3 is_like, is_favor, is_follow, author stats)', () => {
  it('fills the detail, the author card and the cards for the viewer', async () => {
    const maker = await who();
    const viewer = await who();
    const work = await createWork(t.db, { userId: maker.id });
    await call('PUT', `/works/like/${work.id}`, viewer);
    await call('POST', `/favor/${work.id}`, viewer);
    await call('POST', `/follow/user/${maker.id}`, viewer);
    await call('POST', `/follow/user/${viewer.id}`, maker);

    const detail = ZWorkDetailResponse.parse(
      (await call('GET', `/works/${work.id}`, viewer)).json(),
    );
    expect(detail.data).toMatchObject({
      like: 1,
      favor: 1,
      is_like: true,
      is_favor: true,
      is_follow: true,
      follow_state: 'mutual',
      follow_count: 1,
      fans_count: 1,
    });
    expect(detail.data.userWorks.find((card) => card.id === work.id)?.is_like).toBe(true);

    const visitor = (await call('GET', `/works/${work.id}`)).json().data;
    expect(visitor).toMatchObject({
      is_like: false,
      is_favor: false,
      is_follow: false,
      follow_state: 'none',
      fans_count: 1,
    });
    const own = (await call('GET', `/works/${work.id}`, maker)).json().data;
    expect(own).toMatchObject({ is_like: false, is_follow: false, follow_state: 'none' });

    const card = (await call('GET', `/works/author/${maker.id}`, viewer)).json().data;
    expect(card).toMatchObject({ is_follow: true, follow_state: 'mutual', fans_count: 1 });
    const list = (await call('GET', `/works/author/all/${maker.id}`, viewer)).json();
    expect(list.data.map((c: { is_like: boolean }) => c.is_like)).toEqual([true]);
    const feed = (await call('GET', '/works?pageSize=100', viewer)).json();
    const liked = feed.data.filter((c: { is_like: boolean }) => c.is_like);
    expect(liked.map((c: { id: number }) => c.id)).toContain(work.id);
  });
});
