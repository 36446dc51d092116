import {
  NOTIFICATION_KINDS,
  type TNotification,
  ZNotificationListResponse,
  ZUnreadResponse,
} from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { NOTIFICATION_LIST_PATHS } from './notifications.routes';

let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let maker: TWho;
let fan: TWho;
let moderator: TWho;
let admin: TWho;
let workId: number;
let commentId: number;

async function who(
  overrides: Parameters<typeof createUser>[1] = {},
  role?: 'moderator' | 'admin',
): Promise<TWho> {
  const user = await createUser(t.db, { ...overrides, ...(role ? { role } : {}) });
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

type TMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (
  method: TMethod,
  url: string,
  as?: TWho,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), ...headers },
    payload,
  });

async function list(as: TWho, kind: keyof typeof NOTIFICATION_LIST_PATHS, query = '') {
  const reply = await call('GET', `${NOTIFICATION_LIST_PATHS[kind]}${query}`, as);
  expect(reply.statusCode, reply.body).toBe(200);
  return ZNotificationListResponse.parse(reply.json());
}

const unread = async (as: TWho) =>
  ZUnreadResponse.parse((await call('GET', '/notify/unread', as)).json()).data;

beforeAll(async () => {
  t = await createTestApp();
  maker = await who({ nickname: 'Maker' });
  fan = await who({ nickname: 'fan.person@example.test', avatar: '/files/a.png' });
  moderator = await who({ nickname: 'Mod' }, 'moderator');
  admin = await who({ nickname: 'Admin' }, 'admin');
  const work = await createWork(t.db, {
    userId: maker.id,
    title: 'Gear box',
    cover: ['/files/gear.png', '/files/gear-2.png'],
  });
  workId = work.id;
  // One of each kind from the fan, and the maker's own actions, which notify nobody.
  await call('PUT', `/works/like/${workId}`, fan);
  await call('POST', `/favor/${workId}`, fan);
  await call('POST', `/follow/user/${maker.id}`, fan);
  const comment = await call('POST', '/comment/put_comment', fan, {
    work_id: workId,
    content: 'Great gears',
  });
  commentId = comment.json().data.ID;
  await call('PUT', `/works/like/${workId}`, maker);
  await call('POST', '/comment/put_comment', maker, { work_id: workId, content: 'Thanks all' });
});

afterAll(async () => {
  await t.close();
});

describe('notification lists (SPEC 7 paths)', () => {
  it('lists each kind for its recipient with who, what, where and when', async () => {
    const liked = await list(maker, 'liked');
    expect(liked.total).toBe(1);
    expect(liked.data[0]).toMatchObject({
      kind: 'liked',
      is_read: false,
      user_id: fan.id,
      nickname: 'fan.person',
      avatar: '/files/a.png',
      work_id: workId,
      work_title: 'Gear box',
      work_cover: '/files/gear.png',
      comment_id: null,
      system_type: null,
    });
    expect(Date.parse(liked.data[0]?.CreatedAt ?? '')).not.toBeNaN();
    expect((await list(maker, 'favor')).data[0]).toMatchObject({ kind: 'favor', user_id: fan.id });
    expect((await list(maker, 'follow')).data[0]).toMatchObject({
      kind: 'follow',
      user_id: fan.id,
      work_id: null,
      is_follow: false,
    });
    const comments = await list(maker, 'comment');
    expect(comments.data).toEqual([
      expect.objectContaining({
        kind: 'comment',
        comment_id: commentId,
        content: 'Great gears',
        parent_id: null,
        is_reply: false,
        work_id: workId,
      }),
    ]);
    // Nothing for the fan: the maker's actions were on the maker's own work.
    for (const kind of NOTIFICATION_KINDS) expect((await list(fan, kind)).total).toBe(0);
  });

  it('marks a follow item once the recipient follows back, and replies as replies', async () => {
    await call('POST', `/follow/user/${fan.id}`, maker);
    expect((await list(maker, 'follow')).data[0]?.is_follow).toBe(true);
    await call('POST', '/comment/put_comment', maker, {
      work_id: workId,
      content: 'Glad you like them',
      pre_next: commentId,
    });
    const [reply] = (await list(fan, 'comment')).data;
    expect(reply).toMatchObject({ is_reply: true, parent_id: commentId, user_id: maker.id });
  });

  it('pages newest first and needs a login', async () => {
    const busy = await who();
    const works = await Promise.all([1, 2, 3].map(() => createWork(t.db, { userId: busy.id })));
    for (const work of works) await call('PUT', `/works/like/${work.id}`, fan);
    const page = await list(busy, 'liked', '?page=1&pageSize=2');
    expect(page.total).toBe(3);
    expect(page.data.map((n: TNotification) => n.work_id)).toEqual([works[2]?.id, works[1]?.id]);
    const rest = await list(busy, 'liked', '?page=2&pageSize=2');
    expect(rest.data.map((n: TNotification) => n.work_id)).toEqual([works[0]?.id]);
    expect((await call('GET', '/comment/belist')).statusCode).toBe(401);
    expect((await call('GET', '/notify/unread')).statusCode).toBe(401);
  });
});

describe('unread counts and mark-read', () => {
  it('counts unread per kind and marks one kind, some ids or all read', async () => {
    const reader = await who();
    const a = await createWork(t.db, { userId: reader.id });
    const b = await createWork(t.db, { userId: reader.id });
    await call('PUT', `/works/like/${a.id}`, fan);
    await call('PUT', `/works/like/${b.id}`, fan);
    await call('POST', `/favor/${a.id}`, fan);
    await call('POST', `/follow/user/${reader.id}`, fan);
    expect(await unread(reader)).toEqual({
      comment: 0,
      liked: 2,
      favor: 1,
      follow: 1,
      system: 0,
      total: 4,
    });
    const [newest] = (await list(reader, 'liked')).data;
    const some = await call('PUT', '/notify/read', reader, { kind: 'liked', ids: [newest?.id] });
    expect(some.json().data).toMatchObject({ liked: 1, total: 3 });
    const listed = (await list(reader, 'liked')).data.map((n: TNotification) => n.is_read);
    expect(listed).toEqual([true, false]);
    expect(
      (await call('PUT', '/notify/read', reader, { kind: 'favor' })).json().data,
    ).toMatchObject({
      liked: 1,
      favor: 0,
      follow: 1,
      total: 2,
    });
    expect((await call('PUT', '/notify/read', reader, {})).json().data.total).toBe(0);
    // Others' notifications are untouched by one's mark-read.
    expect((await unread(maker)).total).toBeGreaterThan(0);
  });

  it('drops an unliked like from the counts', async () => {
    const owner = await who();
    const work = await createWork(t.db, { userId: owner.id });
    await call('PUT', `/works/like/${work.id}`, fan);
    expect((await unread(owner)).liked).toBe(1);
    await call('DELETE', `/works/like/${work.id}`, fan);
    expect((await unread(owner)).liked).toBe(0);
    expect((await list(owner, 'liked')).total).toBe(0);
  });
});

describe('system messages', () => {
  it('tells the owner of review decisions, in the reader’s language', async () => {
    const owner = await who();
    const work = await createWork(t.db, { userId: owner.id, status: 'in_review', title: 'Vase' });
    await call('POST', `/moderation/works/${work.id}/reject`, moderator, { reason: 'Blurry' });
    await call('POST', `/moderation/works/${work.id}/approve`, moderator);
    const reply = await call('GET', '/notify/sys_msg/pull', owner, undefined, {
      'content-language': 'zh',
    });
    const items = ZNotificationListResponse.parse(reply.json()).data;
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'system',
        system_type: 'work_approved',
        title: '您的作品「Vase」已通过审核并发布',
        work_id: work.id,
        user_id: null,
        nickname: '',
      }),
      expect.objectContaining({
        system_type: 'work_rejected',
        title: '您的作品「Vase」未通过审核',
        content: 'Blurry',
      }),
    ]);
    expect((await unread(owner)).system).toBe(2);
  });

  it('lets a moderator write to one user and only an admin to everybody', async () => {
    const target = await who();
    const sent = await call('POST', '/notify/sys_msg', moderator, {
      user_id: target.id,
      title: 'Welcome',
      content: 'Read the rules',
    });
    expect(sent.json().data).toEqual({ count: 1 });
    expect((await list(target, 'system')).data[0]).toMatchObject({
      system_type: 'message',
      title: 'Welcome',
      content: 'Read the rules',
    });
    const broadcast = { title: 'Maintenance', content: 'Tonight at 22:00' };
    expect((await call('POST', '/notify/sys_msg', moderator, broadcast)).statusCode).toBe(403);
    expect(
      (await call('POST', '/notify/sys_msg', fan, { ...broadcast, user_id: 1 })).statusCode,
    ).toBe(403);
    const all = await call('POST', '/notify/sys_msg', admin, broadcast);
    expect(all.json().data.count).toBeGreaterThanOrEqual(6);
    expect((await list(fan, 'system')).data[0]?.title).toBe('Maintenance');
    expect((await list(target, 'system')).total).toBe(2);
    const missing = await call('POST', '/notify/sys_msg', admin, { ...broadcast, user_id: 999999 });
    expect(missing.statusCode).toBe(404);
    const empty = await call('POST', '/notify/sys_msg', admin, { title: ' ', content: 'x' });
    expect(empty.statusCode).toBe(400);
  });
});
