import { message } from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, moderationActions, pointsLedger, posts, reports, users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** The moderation console's API: role matrix, users, roles, reports and the audit log. */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
let user: TWho;
let owner: TWho;
let moderator: TWho;
let admin: TWho;
let work: { id: number };

async function who(
  overrides: Parameters<typeof createUser>[1] = {},
  role?: 'moderator' | 'admin',
): Promise<TWho> {
  const row = await createUser(t.db, { ...overrides, ...(role ? { role } : {}) });
  return { id: row.id, headers: (await signIn(t, row.id, { role })).headers };
}

const call = (method: TMethod, url: string, as?: TWho, payload?: unknown, lang = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': lang },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  t = await createTestApp();
  user = await who({ nickname: 'Plain Reader', email: 'reader@example.test' });
  owner = await who({ nickname: 'Work Owner' });
  moderator = await who({ nickname: 'Mod One' }, 'moderator');
  admin = await who({ nickname: 'Admin One' }, 'admin');
  work = await createWork(t.db, { userId: owner.id, status: 'in_review' });
});

afterAll(async () => {
  await t.close();
});

describe('role matrix of every console endpoint', () => {
  type TEndpoint = {
    method: TMethod;
    url: () => string;
    body?: () => unknown;
    adminOnly?: boolean;
  };
  // Each call acts on a fresh target, so allowed calls do not depend on each other.
  const endpoints: TEndpoint[] = [
    { method: 'GET', url: () => '/admin/users' },
    { method: 'GET', url: () => `/admin/users/${owner.id}` },
    {
      method: 'PUT',
      url: () => `/admin/users/${owner.id}/role`,
      body: () => ({ role: 'user' }),
      adminOnly: true,
    },
    {
      method: 'POST',
      url: () => `/admin/users/${owner.id}/suspend`,
      body: () => ({ reason: 'Matrix' }),
    },
    { method: 'POST', url: () => `/admin/users/${owner.id}/unsuspend` },
    { method: 'GET', url: () => '/admin/reports' },
    { method: 'PUT', url: () => '/admin/reports/999999', body: () => ({ status: 'dismissed' }) },
    { method: 'GET', url: () => '/admin/audit' },
    { method: 'GET', url: () => '/moderation/works' },
    {
      method: 'POST',
      url: () => `/moderation/works/${work.id}/reject`,
      body: () => ({ reason: 'Matrix' }),
    },
    { method: 'POST', url: () => `/moderation/works/${work.id}/approve` },
    { method: 'GET', url: () => `/admin/audit?item_kind=work&item_id=${work.id}` },
  ];

  it.each(endpoints)('$method $url', async (endpoint) => {
    const send = (as?: TWho) => call(endpoint.method, endpoint.url(), as, endpoint.body?.());
    expect((await send()).statusCode).toBe(401);
    const refused = await send(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('You have no permission for this operation.');
    // SPEC 6: the 403 says so in the caller's language.
    const refusedZh = await call(endpoint.method, endpoint.url(), user, endpoint.body?.(), 'zh');
    expect(refusedZh.json()).toMatchObject({ code: 403, msg: '您没有该操作的权限。' });
    expect((await send(owner)).statusCode).toBe(403);
    const asModerator = await send(moderator);
    if (endpoint.adminOnly) expect(asModerator.statusCode).toBe(403);
    else expect([401, 403]).not.toContain(asModerator.statusCode);
    expect([401, 403]).not.toContain((await send(admin)).statusCode);
  });

  it('POST /report: 401 for visitors, open to every logged-in role', async () => {
    const body = { kind: 'work', id: work.id, reason: 'spam' };
    expect((await call('POST', '/report', undefined, body)).statusCode).toBe(401);
    for (const as of [user, owner, moderator, admin]) {
      expect((await call('POST', '/report', as, body)).statusCode).toBe(200);
    }
  });
});

describe('users', () => {
  it('searches e-mail or nickname, case-insensitively, with paging', async () => {
    const byMail = await call('GET', '/admin/users?query=READER@', moderator);
    expect(byMail.json()).toMatchObject({ total: 1, data: [{ id: user.id }] });
    const byName = await call('GET', '/admin/users?query=mod%20one', moderator);
    expect(byName.json().data.map((row: { id: number }) => row.id)).toEqual([moderator.id]);
    const literal = await call('GET', '/admin/users?query=%25', moderator);
    expect(literal.json().total).toBe(0);
    const page = await call('GET', '/admin/users?pageSize=2&page=1', admin);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().total).toBeGreaterThanOrEqual(4);
  });

  it('shows one user with counts, recent works and posts and the points ledger', async () => {
    const maker = await who({ nickname: 'Busy Maker', points: 5 });
    await createWork(t.db, { userId: maker.id, title: 'Gear box' });
    await createPost(t.db, { userId: maker.id, content: 'Hello makers' });
    await t.db.insert(pointsLedger).values({
      userId: maker.id,
      delta: 5,
      reason: 'admin_grant',
      balanceAfter: 5,
    });
    const res = await call('GET', `/admin/users/${maker.id}`, moderator);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: maker.id,
      nickname: 'Busy Maker',
      suspension: null,
      counts: { works: 1, posts: 1, comments: 0 },
      recent_works: [{ title: 'Gear box', status: 'published' }],
      recent_posts: [{ content: 'Hello makers' }],
      points_ledger: [{ delta: 5, balance_after: 5 }],
    });
    expect((await call('GET', '/admin/users/999999', moderator)).statusCode).toBe(404);
  });

  it('lets an admin change a role (not their own), at once and audited', async () => {
    const target = await who();
    const res = await call('PUT', `/admin/users/${target.id}/role`, admin, { role: 'moderator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('moderator');
    // The role is read with the session, so the target's next request already has it.
    expect((await call('GET', '/admin/users', target)).statusCode).toBe(200);
    const own = await call('PUT', `/admin/users/${admin.id}/role`, admin, { role: 'user' });
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe(message('en', 'roleChangeNotAllowed'));
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(and(eq(moderationActions.itemKind, 'user'), eq(moderationActions.itemId, target.id)));
    expect(entry).toMatchObject({
      action: 'user_role',
      actorId: admin.id,
      detail: { from: 'user', to: 'moderator' },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.role).toBe('moderator');
  });
});

describe('reports', () => {
  it('takes one open report per reporter and item, of existing items only', async () => {
    const reporter = await who();
    const post = await createPost(t.db);
    const body = { kind: 'post', id: post.id, reason: 'abuse', detail: ' Insults ' };
    const first = await call('POST', '/report', reporter, body);
    expect(first.statusCode).toBe(200);
    const again = await call('POST', '/report', reporter, body, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe(message('zh', 'reportExists'));
    const [row] = await t.db.select().from(reports).where(eq(reports.id, first.json().data.id));
    expect(row).toMatchObject({ reporterId: reporter.id, itemKind: 'post', detail: 'Insults' });
    expect((await call('POST', '/report', reporter, { ...body, id: 999999 })).statusCode).toBe(404);
    expect(
      (await call('POST', '/report', reporter, { ...body, reason: 'because' })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/report', reporter, { ...body, detail: 'x'.repeat(501) })).statusCode,
    ).toBe(400);
  });

  it('lists by status and kind with open counts, and closes a report once, audited', async () => {
    const reporter = await who();
    const post = await createPost(t.db);
    const created = await call('POST', '/report', reporter, {
      kind: 'post',
      id: post.id,
      reason: 'spam',
    });
    const id = created.json().data.id as number;
    const open = await call('GET', '/admin/reports?kind=post', moderator);
    expect(open.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(open.json().counts.post).toBeGreaterThanOrEqual(1);
    expect(open.json().data.find((r: { id: number }) => r.id === id)).toMatchObject({
      kind: 'post',
      status: 'open',
      item: { text: post.content, user_id: post.userId, removed: false, post_id: post.id },
    });

    const closed = await call('PUT', `/admin/reports/${id}`, moderator, {
      status: 'resolved',
      reason: 'Post removed',
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'resolved',
      resolved_by: moderator.id,
      item: { post_id: post.id },
    });
    const resolved = await call('GET', '/admin/reports?status=resolved', moderator);
    expect(resolved.json().data.map((r: { id: number }) => r.id)).toContain(id);
    expect(
      (await call('PUT', `/admin/reports/${id}`, moderator, { status: 'open' })).statusCode,
    ).toBe(400);
    // Closed once: a later close answers the first one's state and writes no second entry.
    const twice = await call('PUT', `/admin/reports/${id}`, admin, { status: 'dismissed' });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toMatchObject({ status: 'resolved', resolved_by: moderator.id });
    // Closed, the reporter may report the item again.
    const again = await call('POST', '/report', reporter, {
      kind: 'post',
      id: post.id,
      reason: 'spam',
    });
    expect(again.statusCode).toBe(200);

    const audit = await call('GET', `/admin/audit?item_kind=report&item_id=${id}`, moderator);
    expect(audit.json()).toMatchObject({
      total: 1,
      data: [
        {
          action: 'report_status',
          actor: { id: moderator.id, nickname: 'Mod One' },
          reason: 'Post removed',
          detail: { from: 'open', to: 'resolved', item_kind: 'post', item_id: post.id },
        },
      ],
    });
  });

  it('limits reports per user and hour', async () => {
    const limited = await createTestApp({ env: {} });
    try {
      const reporter = await createUser(limited.db);
      const { headers } = await signIn(limited, reporter.id);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i += 1) {
        const post = await createPost(limited.db);
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/report',
          headers,
          payload: { kind: 'post', id: post.id, reason: 'spam' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('reported items', () => {
  it('shows a work by its title, a removed comment as removed, and a deleted post as gone', async () => {
    const reporter = await who();
    const reported = await createWork(t.db, { title: 'Knock-off model' });
    const post = await createPost(t.db, { content: 'Soon gone' });
    const [comment] = await t.db
      .insert(comments)
      .values({
        workId: reported.id,
        userId: owner.id,
        content: 'Rude words',
        deletedAt: new Date(),
      })
      .returning();
    for (const [kind, id] of [
      ['work', reported.id],
      ['post', post.id],
      ['comment', comment?.id],
    ] as const) {
      const res = await call('POST', '/report', reporter, { kind, id, reason: 'other' });
      // A removed comment cannot be reported any more.
      expect(res.statusCode).toBe(kind === 'comment' ? 404 : 200);
    }
    await t.db.insert(reports).values({
      reporterId: reporter.id,
      itemKind: 'comment',
      itemId: comment?.id as number,
      reason: 'abuse',
    });
    await t.db.delete(posts).where(eq(posts.id, post.id));
    const res = await call('GET', '/admin/reports?pageSize=50', moderator);
    const mine = res
      .json()
      .data.filter((r: { reporter: { id: number } | null }) => r.reporter?.id === reporter.id);
    const byKind = Object.fromEntries(
      mine.map((r: { kind: string; item: unknown }) => [r.kind, r.item]),
    );
    expect(byKind).toEqual({
      work: {
        text: 'Knock-off model',
        user_id: reported.userId,
        removed: false,
        work_id: reported.id,
        post_id: null,
      },
      post: null,
      comment: {
        text: 'Rude words',
        user_id: owner.id,
        removed: true,
        work_id: reported.id,
        post_id: null,
      },
    });
  });
});

describe('audit log of work reviews', () => {
  it('records approve and reject, newest first, shown for the item', async () => {
    const reviewed = await createWork(t.db, { userId: owner.id, status: 'in_review' });
    await call('POST', `/moderation/works/${reviewed.id}/reject`, moderator, { reason: 'Blurry' });
    await call('POST', `/moderation/works/${reviewed.id}/approve`, admin);
    const res = await call('GET', `/admin/audit?item_kind=work&item_id=${reviewed.id}`, moderator);
    expect(res.json()).toMatchObject({
      total: 2,
      data: [
        {
          action: 'work_approve',
          actor: { id: admin.id },
          detail: { from: 'rejected', to: 'published' },
        },
        { action: 'work_reject', actor: { id: moderator.id }, reason: 'Blurry' },
      ],
    });
    const all = await call('GET', '/admin/audit?pageSize=1', moderator);
    expect(all.json().data).toHaveLength(1);
    expect(all.json().total).toBeGreaterThanOrEqual(2);
  });
});
