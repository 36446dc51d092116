import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, comments, feedback, moderationActions, posts } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** The console's queues (summary, feedback inbox, appeals) and its sensitive words. */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let user: TWho;
let moderator: TWho;
let admin: TWho;

async function who(role?: 'moderator' | 'admin'): Promise<TWho> {
  const row = await createUser(t.db, role ? { role, nickname: `The ${role}` } : {});
  return { id: row.id, headers: (await signIn(t, row.id, { role })).headers };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as?: TWho,
  payload?: unknown,
  app: TTestApp = t,
) =>
  app.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  t = await createTestApp();
  user = await who();
  moderator = await who('moderator');
  admin = await who('admin');
});

afterAll(async () => {
  await t.close();
});

describe('role matrix', () => {
  const endpoints: [string, string, unknown?, boolean?][] = [
    ['GET', '/admin/summary'],
    ['GET', '/admin/feedback'],
    ['PUT', '/admin/feedback/999999', { status: 'closed' }],
    ['GET', '/admin/appeals'],
    ['GET', '/admin/sensitive-words'],
    ['PUT', '/admin/sensitive-words', { words: [] }, true],
    ['GET', '/admin/posts'],
    ['GET', '/admin/comments'],
    ['DELETE', '/admin/posts/999999'],
    ['DELETE', '/admin/comments/999999'],
  ];
  it.each(endpoints)('%s %s', async (method, url, body, adminOnly) => {
    const send = (as?: TWho) => call(method as 'GET', url, as, body);
    expect((await send()).statusCode).toBe(401);
    expect((await send(user)).statusCode).toBe(403);
    const asModerator = (await send(moderator)).statusCode;
    if (adminOnly) expect(asModerator).toBe(403);
    else expect([401, 403]).not.toContain(asModerator);
    expect([401, 403]).not.toContain((await send(admin)).statusCode);
  });
});

describe('queues', () => {
  it('counts works in review, open appeals, open reports and open feedback', async () => {
    const before = (await call('GET', '/admin/summary', moderator)).json().data;
    const owner = await createUser(t.db);
    const work = await createWork(t.db, { userId: owner.id, status: 'in_review' });
    await t.db.insert(appeals).values({ workId: work.id, userId: owner.id, reason: 'Fixed it' });
    await t.db.insert(feedback).values({ suggestion: 'More filters', locale: 'en' });
    await call('POST', '/report', user, { kind: 'work', id: work.id, reason: 'spam' });
    const after = (await call('GET', '/admin/summary', moderator)).json().data;
    expect(after).toEqual({
      works_in_review: before.works_in_review + 1,
      open_appeals: before.open_appeals + 1,
      open_reports: before.open_reports + 1,
      open_feedback: before.open_feedback + 1,
    });
  });

  it('lists feedback by status with counts and pictures, and moves it along, audited', async () => {
    const sender = await createUser(t.db, { nickname: 'Sender' });
    const [row] = await t.db
      .insert(feedback)
      .values({
        userId: sender.id,
        suggestion: 'Dark mode please',
        pictures: ['/files/feedback/a.webp'],
        locale: 'zh',
      })
      .returning();
    const id = row?.id as number;
    const open = await call('GET', '/admin/feedback?status=open', moderator);
    expect(open.json().data.find((f: { id: number }) => f.id === id)).toMatchObject({
      user: { id: sender.id, nickname: 'Sender' },
      suggestion: 'Dark mode please',
      pictures: ['/files/feedback/a.webp'],
      status: 'open',
      locale: 'zh',
    });
    const openCount = open.json().counts.open as number;
    const answered = await call('PUT', `/admin/feedback/${id}`, moderator, { status: 'answered' });
    expect(answered.json().data.status).toBe('answered');
    const next = await call('GET', '/admin/feedback?status=answered', moderator);
    expect(next.json().data.map((f: { id: number }) => f.id)).toContain(id);
    expect(next.json().counts.open).toBe(openCount - 1);
    expect(
      (await call('PUT', `/admin/feedback/${id}`, moderator, { status: 'x' })).statusCode,
    ).toBe(400);
    const [entry] = await t.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.itemKind, 'feedback'));
    expect(entry).toMatchObject({ action: 'feedback_status', itemId: id, actorId: moderator.id });
  });

  it('lists open appeals oldest first, beside the rejection appealed and the edited work', async () => {
    const owner = await createUser(t.db, { nickname: 'Appellant' });
    const work = await createWork(t.db, {
      userId: owner.id,
      status: 'in_review',
      title: 'Edited title',
    });
    await t.db.insert(appeals).values({
      workId: work.id,
      userId: owner.id,
      reason: 'I removed the logo',
      rejectionReason: 'Trademark logo',
    });
    const res = await call('GET', '/admin/appeals?pageSize=50', moderator);
    expect(res.statusCode).toBe(200);
    const appeal = res.json().data.find((a: { work: { id: number } }) => a.work.id === work.id);
    expect(appeal).toMatchObject({
      status: 'open',
      reason: 'I removed the logo',
      rejection_reason: 'Trademark logo',
      user: { id: owner.id, nickname: 'Appellant' },
      work: { id: work.id, title: 'Edited title', status: 'in_review' },
    });
    const closed = await call('GET', '/admin/appeals?status=accepted', moderator);
    expect(closed.json().data.map((a: { id: number }) => a.id)).not.toContain(appeal.id);
  });
});

describe('recent posts and comments', () => {
  it('lists them newest first, by author too, and deletes them with a reason, audited', async () => {
    const author = await createUser(t.db, { nickname: 'Loud Author' });
    const post = await createPost(t.db, { userId: author.id, content: 'Buy my stuff' });
    const [comment] = await t.db
      .insert(comments)
      .values({ postId: post.id, userId: author.id, content: 'Really, buy it' })
      .returning();
    await t.db.update(posts).set({ commentCount: 1 }).where(eq(posts.id, post.id));
    const listed = await call('GET', `/admin/posts?user_id=${author.id}`, moderator);
    expect(listed.json()).toMatchObject({
      total: 1,
      data: [
        {
          id: post.id,
          user: { id: author.id, nickname: 'Loud Author' },
          content: 'Buy my stuff',
          images: post.images,
          topic: post.topic,
          like_count: 0,
          comment_count: 1,
          created_at: post.createdAt.toISOString(),
        },
      ],
    });
    const recent = await call('GET', '/admin/comments?pageSize=1', moderator);
    expect(recent.json().data).toEqual([
      {
        id: comment?.id,
        user: { id: author.id, nickname: 'Loud Author' },
        content: 'Really, buy it',
        work_id: null,
        post_id: post.id,
        parent_id: null,
        created_at: comment?.createdAt.toISOString(),
      },
    ]);

    const removedComment = await call(
      'DELETE',
      `/admin/comments/${comment?.id}?reason=Spam`,
      moderator,
    );
    expect(removedComment.statusCode).toBe(200);
    expect(
      (await call('GET', `/admin/comments?user_id=${author.id}`, moderator)).json().total,
    ).toBe(0);
    const removedPost = await call('DELETE', `/admin/posts/${post.id}?reason=Spam`, admin);
    expect(removedPost.json().data).toEqual({ id: post.id });
    expect((await call('GET', `/admin/posts?user_id=${author.id}`, moderator)).json().total).toBe(
      0,
    );

    const postLog = await call('GET', `/admin/audit?item_kind=post&item_id=${post.id}`, moderator);
    expect(postLog.json().data).toEqual([
      expect.objectContaining({
        action: 'post_delete',
        actor: { id: admin.id, nickname: 'The admin' },
        reason: 'Spam',
        detail: { author_id: author.id },
      }),
    ]);
    const commentLog = await call(
      'GET',
      `/admin/audit?item_kind=comment&item_id=${comment?.id}`,
      moderator,
    );
    expect(commentLog.json().data).toEqual([
      expect.objectContaining({
        action: 'comment_delete',
        reason: 'Spam',
        detail: { author_id: author.id, post_id: post.id },
      }),
    ]);
  });

  it('audits a moderator deleting through the community routes, not an author deleting their own', async () => {
    const author = await createUser(t.db);
    const own = await createPost(t.db, { userId: author.id });
    const other = await createPost(t.db, { userId: author.id });
    const authorHeaders = (await signIn(t, author.id)).headers;
    const asAuthor = { id: author.id, headers: authorHeaders };
    expect((await call('DELETE', `/community/post/${own.id}`, asAuthor)).statusCode).toBe(200);
    expect((await call('DELETE', `/community/post/${other.id}`, moderator)).statusCode).toBe(200);
    const ownLog = await call('GET', `/admin/audit?item_kind=post&item_id=${own.id}`, moderator);
    expect(ownLog.json().total).toBe(0);
    const otherLog = await call(
      'GET',
      `/admin/audit?item_kind=post&item_id=${other.id}`,
      moderator,
    );
    expect(otherLog.json().data[0]).toMatchObject({ action: 'post_delete', reason: '' });
  });
});

describe('sensitive words', () => {
  const postAs = (as: TWho, content: string, app: TTestApp = t) =>
    call('POST', '/community/post', as, { content }, app);

  it('adds words that every write path checks at once, and removes them again, audited', async () => {
    expect((await postAs(user, 'Selling widgetcoin cheap')).statusCode).toBe(200);
    const put = await call('PUT', '/admin/sensitive-words', admin, {
      words: [' widgetcoin ', 'widgetcoin', '', 'spamword'],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.words).toEqual(['spamword', 'widgetcoin']);
    expect(put.json().data.builtin).toContain('porn');
    const refused = await postAs(user, 'Selling widgetcoin cheap');
    expect(refused.statusCode).toBe(406);
    expect(refused.json().data.words).toEqual(['widgetcoin']);

    await call('PUT', '/admin/sensitive-words', admin, { words: ['spamword'] });
    expect((await postAs(user, 'Selling widgetcoin again')).statusCode).toBe(200);
    expect((await call('GET', '/admin/sensitive-words', moderator)).json().data.words).toEqual([
      'spamword',
    ]);
    const log = await call('GET', '/admin/audit?item_kind=sensitive_words', moderator);
    expect(log.json().data.map((e: { detail: unknown }) => e.detail)).toEqual([
      { added: [], removed: ['widgetcoin'] },
      { added: ['spamword', 'widgetcoin'], removed: [] },
    ]);
  });

  it('are loaded by an instance that starts later on the same database', async () => {
    await call('PUT', '/admin/sensitive-words', admin, { words: ['spamword', 'latecomer'] });
    const second = await createTestApp({ database: t.database });
    try {
      const res = await postAs(user, 'a latecomer arrives', second);
      expect(res.statusCode).toBe(406);
    } finally {
      await second.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('sensitive words over Redis (TEST_REDIS_URL)', () => {
  it('reach another running instance without a restart', async () => {
    const a = await createTestApp({ env: { REDIS_URL: redisUrl } });
    const b = await createTestApp({ env: { REDIS_URL: redisUrl }, database: a.database });
    try {
      const writer = await createUser(a.db);
      const boss = await createUser(a.db, { role: 'admin' });
      const as = { id: writer.id, headers: (await signIn(a, writer.id)).headers };
      const adminOfA = {
        id: boss.id,
        headers: (await signIn(a, boss.id, { role: 'admin' })).headers,
      };
      const word = `zzword${Date.now()}`;
      expect((await call('POST', '/community/post', as, { content: word }, b)).statusCode).toBe(
        200,
      );
      await call('PUT', '/admin/sensitive-words', adminOfA, { words: [word] }, a);
      let status = 0;
      for (let i = 0; i < 50 && status !== 406; i += 1) {
        status = (await call('POST', '/community/post', as, { content: `${word}!` }, b)).statusCode;
        if (status !== 406) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe(406);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
