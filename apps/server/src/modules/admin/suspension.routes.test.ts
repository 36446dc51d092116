import { message } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationActions, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** Suspensions: who may suspend whom, and every write path a suspension closes. */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let moderator: TWho;
let moderator2: TWho;
let admin: TWho;

async function who(role?: 'moderator' | 'admin'): Promise<TWho> {
  const user = await createUser(t.db, role ? { role } : {});
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as?: TWho,
  payload?: unknown,
  lang: 'en' | 'zh' = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const suspend = (as: TWho, id: number, reason = 'Spam links') =>
  call('POST', `/admin/users/${id}/suspend`, as, { reason });

beforeAll(async () => {
  t = await createTestApp();
  moderator = await who('moderator');
  moderator2 = await who('moderator');
  admin = await who('admin');
});

afterAll(async () => {
  await t.close();
});

describe('who may suspend whom', () => {
  it('lets a moderator suspend a user and lift it, both audited', async () => {
    const user = await who();
    const res = await suspend(moderator, user.id, '  Spam links  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.suspension).toMatchObject({ reason: 'Spam links', by: moderator.id });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.suspendedAt).toBeInstanceOf(Date);
    expect(row?.suspendedBy).toBe(moderator.id);

    const lifted = await call('POST', `/admin/users/${user.id}/unsuspend`, moderator);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data.suspension).toBeNull();
    const log = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.itemId, user.id));
    expect(
      log
        .filter((entry) => entry.itemKind === 'user')
        .map((entry) => [entry.action, entry.actorId, entry.reason]),
    ).toEqual([
      ['user_suspend', moderator.id, 'Spam links'],
      ['user_unsuspend', moderator.id, ''],
    ]);
  });

  it("shows the suspension in the user's own getinfo until it is lifted", async () => {
    const user = await who();
    const before = await call('GET', '/user/getinfo', user);
    expect(before.json().data).toMatchObject({ userId: user.id, suspension: null });
    await suspend(moderator, user.id, 'Spam links');
    const during = await call('GET', '/user/getinfo', user);
    expect(during.statusCode).toBe(200);
    const { suspension } = during.json().data;
    expect(suspension).toEqual({ reason: 'Spam links', at: expect.any(String), until: null });
    expect(Number.isNaN(Date.parse(suspension.at))).toBe(false);
    // SPEC 3 fields are all still there.
    expect(during.json().data).toMatchObject({ userId: user.id, role: 'user', points: 20 });
    await call('POST', `/admin/users/${user.id}/unsuspend`, moderator);
    expect((await call('GET', '/user/getinfo', user)).json().data.suspension).toBeNull();
  });

  it('refuses oneself, admins, and moderators for moderators (admins may)', async () => {
    expect((await suspend(moderator, moderator.id)).statusCode).toBe(403);
    expect((await suspend(moderator, admin.id)).statusCode).toBe(403);
    expect((await suspend(admin, admin.id)).statusCode).toBe(403);
    const other = await who('admin');
    expect((await suspend(admin, other.id)).statusCode).toBe(403);
    const res = await suspend(moderator, moderator2.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe(message('en', 'suspendNotAllowed'));
    expect((await suspend(admin, moderator2.id)).statusCode).toBe(200);
    expect(
      (await call('POST', `/admin/users/${moderator2.id}/unsuspend`, moderator)).statusCode,
    ).toBe(403);
    expect((await call('POST', `/admin/users/${moderator2.id}/unsuspend`, admin)).statusCode).toBe(
      200,
    );
  });

  it('needs a reason of at most 200 characters, and answers 404 for no such user', async () => {
    const user = await who();
    expect((await suspend(moderator, user.id, '   ')).statusCode).toBe(400);
    expect((await suspend(moderator, user.id, 'x'.repeat(201))).statusCode).toBe(400);
    expect((await suspend(moderator, 999_999)).statusCode).toBe(404);
  });
});

describe('a suspended user', () => {
  let suspended: TWho;
  let work: { id: number };
  let post: { id: number };

  beforeAll(async () => {
    suspended = await who();
    work = await createWork(t.db, { userId: suspended.id });
    post = await createPost(t.db);
    expect((await suspend(moderator, suspended.id, 'Repeated spam')).statusCode).toBe(200);
  });

  // The hook runs before the body is read: a suspended user gets 403 whatever they send,
  // an active one gets past it (400 for the empty body).
  const writePaths: [string, 'POST' | 'PUT', () => string][] = [
    ['publish a work', 'POST', () => '/works/create'],
    ['edit a work', 'PUT', () => '/works/update'],
    ['publish a post', 'POST', () => '/community/post'],
    ['edit a post', 'PUT', () => `/community/post/${post.id}`],
    ['comment on a work', 'POST', () => '/comment/put_comment'],
    ['comment on a post', 'POST', () => '/community/comment/put_comment'],
    ['start an AI job', 'POST', () => '/ai/jobs'],
  ];

  it.each(writePaths)('cannot %s: 403 naming the reason', async (_name, method, url) => {
    const res = await call(method, url(), suspended, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 403,
      msg: message('en', 'accountSuspended', { reason: 'Repeated spam' }),
      data: { reason: 'Repeated spam' },
    });
    const active = await who();
    expect((await call(method, url(), active, {})).statusCode).toBe(400);
  });

  it('is told in their language', async () => {
    const res = await call('POST', '/community/post', suspended, { content: 'hi' }, 'zh');
    expect(res.json().msg).toBe(message('zh', 'accountSuspended', { reason: 'Repeated spam' }));
  });

  it('can still appeal a rejection of their work', async () => {
    const rejected = await createWork(t.db, {
      userId: suspended.id,
      status: 'rejected',
      rejectionReason: 'Blurry photos',
    });
    const res = await call('POST', '/work/appeal/submit', suspended, {
      work_id: rejected.id,
      appeal_reason: 'New photos attached',
    });
    expect(res.statusCode).toBe(200);
  });

  it('can still log in and read, like, send feedback and delete their own work', async () => {
    expect((await call('GET', '/user/getinfo', suspended)).statusCode).toBe(200);
    expect((await call('GET', `/community/post/${post.id}`, suspended)).statusCode).toBe(200);
    expect((await call('PUT', `/community/post/${post.id}/like`, suspended)).statusCode).toBe(200);
    const feedback = await call('POST', '/suggestion/submit', suspended, {
      suggestion: 'Please review my account',
    });
    expect(feedback.statusCode).toBe(200);
    expect((await call('DELETE', `/works/${work.id}`, suspended)).statusCode).toBe(200);
  });

  it('may publish again once the suspension is lifted', async () => {
    const user = await who();
    await suspend(moderator, user.id);
    expect((await call('POST', '/community/post', user, { content: 'Back' })).statusCode).toBe(403);
    await call('POST', `/admin/users/${user.id}/unsuspend`, moderator);
    const res = await call('POST', '/community/post', user, { content: 'Back again' });
    expect(res.statusCode).toBe(200);
  });
});
