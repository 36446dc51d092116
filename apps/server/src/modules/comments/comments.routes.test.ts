import {
  type TComment,
  type TCreateCommentInput,
  ZCommentListResponse,
  ZCreateCommentResponse,
  ZRepliesResponse,
} from '@layerline/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
/** Per user and minute here; each user of this file stays below it but 'Chatty'. */
const COMMENT_LIMIT = 30;
type TWho = { id: number; name: string; headers: { authorization: string } };
let owner: TWho;
let alice: TWho;
let bob: TWho;
let stranger: TWho;
let moderator: TWho;

async function who(name: string, role?: 'moderator'): Promise<TWho> {
  const user = await createUser(t.db, { nickname: name, ...(role ? { role } : {}) });
  return { id: user.id, name, headers: (await signIn(t, user.id, { role })).headers };
}

beforeAll(async () => {
  t = await createTestApp({ commentLimit: { max: COMMENT_LIMIT, windowMs: 60_000 } });
  owner = await who('Owner');
  alice = await who('Alice');
  bob = await who('Bob');
  stranger = await who('Stranger');
  moderator = await who('Mod', 'moderator');
});

afterAll(async () => {
  await t.close();
});

const put = (as: TWho, payload: Partial<TCreateCommentInput>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/comment/put_comment',
    headers: as.headers,
    payload,
  });

async function comment(as: TWho, payload: Partial<TCreateCommentInput>): Promise<TComment> {
  const reply = await put(as, payload);
  expect(reply.statusCode, reply.body).toBe(200);
  return ZCreateCommentResponse.parse(reply.json()).data;
}

const get = (url: string, as?: TWho) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: as?.headers ?? {} });
const del = (id: number, as: TWho) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/comment/delete/${id}`, headers: as.headers });

async function commentCount(workId: number) {
  const [row] = await t.db
    .select({ count: works.commentCount })
    .from(works)
    .where(eq(works.id, workId));
  return row?.count;
}

describe('put_comment (SPEC 3 create payload, SPEC 5 rules)', () => {
  it('creates a comment as the caller, ignoring user_id, and counts it', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const reply = await put(alice, {
      work_id: work.id,
      content: '  Nice print!  ',
      user_id: bob.id,
    });
    const body = ZCreateCommentResponse.parse(reply.json());
    expect(body.data).toMatchObject({
      Content: 'Nice print!',
      UserID: alice.id,
      NickName: 'Alice',
      parent_id: null,
      reply_to: '',
      reply_to_uid: null,
      Replies: [],
      reply_count: 0,
    });
    expect(body.comment_total).toBe(1);
    expect(await commentCount(work.id)).toBe(1);
  });

  it('refuses empty, too long, sensitive and unpublished', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const empty = await put(alice, { work_id: work.id, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('Please enter a comment');
    const long = await put(alice, { work_id: work.id, content: 'x'.repeat(1001) });
    expect(long.json().msg).toContain('A comment cannot exceed 1000 characters');
    const dirty = await put(alice, { work_id: work.id, content: 'join 赌博 now' });
    expect(dirty.statusCode).toBe(406);
    expect(dirty.json()).toMatchObject({ code: 406, data: { words: ['赌博'] } });
    const hidden = await createWork(t.db, { userId: owner.id, status: 'in_review' });
    expect((await put(owner, { work_id: hidden.id, content: 'hi' })).statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      payload: { work_id: work.id, content: 'hi' },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await commentCount(work.id)).toBe(0);
  });

  it('limits comments per user and minute (429)', async () => {
    const chatty = await who('Chatty');
    const work = await createWork(t.db, { userId: owner.id });
    for (let i = 0; i < COMMENT_LIMIT; i += 1) {
      expect((await put(chatty, { work_id: work.id, content: `n${i}` })).statusCode).toBe(200);
    }
    const over = await put(chatty, { work_id: work.id, content: 'one more' });
    expect(over.statusCode).toBe(429);
    expect(over.json().data.retryAfter).toBeGreaterThan(0);
    // Other users are not held back.
    expect((await put(alice, { work_id: work.id, content: 'me too' })).statusCode).toBe(200);
  });
});

describe('replies (pre_next, replyTo, reply_to, reply_to_uid)', () => {
  it('answers a comment and a reply within one thread', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const top = await comment(alice, { work_id: work.id, content: 'Which nozzle?' });
    const first = await comment(bob, { work_id: work.id, content: '0.4', pre_next: top.ID });
    expect(first).toMatchObject({
      parent_id: top.ID,
      reply_to_id: top.ID,
      reply_to: 'Alice',
      reply_to_uid: alice.id,
    });
    // A reply to a reply joins the same thread and answers its author.
    const second = await comment(owner, {
      work_id: work.id,
      content: '@Bob yes',
      pre_next: first.ID,
    });
    expect(second).toMatchObject({ parent_id: top.ID, reply_to_uid: bob.id, reply_to: 'Bob' });
    // replyTo picks someone in the thread by name or id; anybody else falls back to pre_next's author.
    const named = await comment(bob, {
      work_id: work.id,
      content: '@Owner thanks',
      pre_next: top.ID,
      replyTo: '@Owner',
    });
    expect(named.reply_to_uid).toBe(owner.id);
    const outsider = await comment(bob, {
      work_id: work.id,
      content: 'hm',
      pre_next: top.ID,
      replyTo: stranger.id,
    });
    expect(outsider.reply_to_uid).toBe(alice.id);
    expect(await commentCount(work.id)).toBe(5);
  });

  it('refuses a reply target of another work or a deleted one', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const elsewhere = await createWork(t.db, { userId: owner.id });
    const top = await comment(alice, { work_id: elsewhere.id, content: 'there' });
    const wrong = await put(bob, { work_id: work.id, content: 'x', pre_next: top.ID });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('does not exist');
    await del(top.ID, alice);
    expect(
      (await put(bob, { work_id: elsewhere.id, content: 'x', pre_next: top.ID })).statusCode,
    ).toBe(400);
  });
});

describe('withsub and sub (SPEC 7, SPEC 9 page size 10, SPEC 6 visitors)', () => {
  let workId: number;
  const tops: TComment[] = [];

  beforeAll(async () => {
    workId = (await createWork(t.db, { userId: owner.id })).id;
    for (let i = 0; i < 12; i += 1) {
      tops.push(await comment(i % 2 ? alice : bob, { work_id: workId, content: `comment ${i}` }));
    }
    // Thread of the newest comment: 7 replies.
    const newest = tops[11] as TComment;
    for (let i = 0; i < 7; i += 1) {
      await comment(i % 2 ? owner : alice, {
        work_id: workId,
        content: `reply ${i}`,
        pre_next: newest.ID,
      });
    }
  });

  it('pages comments newest first with the first reply, reply_count and totals', async () => {
    const first = ZCommentListResponse.parse(
      (await get(`/comment/work/withsub/${workId}?page=1`, stranger)).json(),
    );
    expect(first.data).toHaveLength(10);
    expect(first).toMatchObject({ total: 12, comment_total: 19, limited: false });
    expect(first.data[0]).toMatchObject({ Content: 'comment 11', reply_count: 7 });
    expect(first.data[0]?.Replies.map((r) => r.Content)).toEqual(['reply 0']);
    expect(first.data[1]).toMatchObject({ Content: 'comment 10', reply_count: 0, Replies: [] });
    const second = (await get(`/comment/work/withsub/${workId}?page=2&pageSize=10`, alice)).json();
    expect(second.data.map((c: TComment) => c.Content)).toEqual(['comment 1', 'comment 0']);
  });

  it('gives a visitor the first 2 comments only, without replies', async () => {
    const visitor = ZCommentListResponse.parse(
      (await get(`/comment/work/withsub/${workId}`)).json(),
    );
    expect(visitor.data.map((c) => c.Content)).toEqual(['comment 11', 'comment 10']);
    expect(visitor.data[0]?.Replies).toEqual([]);
    expect(visitor.data[0]?.reply_count).toBe(7);
    expect(visitor).toMatchObject({ total: 12, comment_total: 19, limited: true });
    expect((await get(`/comment/work/withsub/${workId}?page=2`)).json().data).toEqual([]);
    expect((await get(`/comment/work/sub/${tops[11]?.ID}`)).statusCode).toBe(401);
  });

  it('pages a thread’s replies oldest first in data.Replies', async () => {
    const thread = tops[11] as TComment;
    const page = ZRepliesResponse.parse(
      (await get(`/comment/work/sub/${thread.ID}?page=2&pageSize=5`, bob)).json(),
    );
    expect(page.data.Replies.map((r) => r.Content)).toEqual(['reply 5', 'reply 6']);
    expect(page.data).toMatchObject({ ID: thread.ID, total: 7 });
    expect(page.total).toBe(7);
  });

  it('answers 404 for works a viewer may not see', async () => {
    const hidden = await createWork(t.db, { userId: owner.id, status: 'in_review' });
    expect((await get(`/comment/work/withsub/${hidden.id}`, alice)).statusCode).toBe(404);
    expect((await get(`/comment/work/withsub/${hidden.id}`, owner)).statusCode).toBe(200);
    expect((await get('/comment/work/withsub/999999')).statusCode).toBe(404);
  });
});

describe('delete (SPEC 6 rights, data.count)', () => {
  it('lets the author delete a comment with its replies; data.count counts them', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const top = await comment(alice, { work_id: work.id, content: 'thread' });
    await comment(bob, { work_id: work.id, content: 'r1', pre_next: top.ID });
    await comment(owner, { work_id: work.id, content: 'r2', pre_next: top.ID });
    const keep = await comment(bob, { work_id: work.id, content: 'other thread' });
    expect((await del(top.ID, stranger)).statusCode).toBe(403);
    expect((await del(top.ID, bob)).statusCode).toBe(403);
    const removed = await del(top.ID, alice);
    expect(removed.json().data).toEqual({ id: top.ID, count: 3, comment_total: 1 });
    expect(await commentCount(work.id)).toBe(1);
    expect((await del(top.ID, alice)).statusCode).toBe(404);
    const list = (await get(`/comment/work/withsub/${work.id}`, alice)).json();
    expect(list.data.map((c: TComment) => c.ID)).toEqual([keep.ID]);
    expect(list.comment_total).toBe(1);
  });

  it('lets the reply author and the thread owner delete a reply, nobody else', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const top = await comment(alice, { work_id: work.id, content: 'thread' });
    const r1 = await comment(bob, { work_id: work.id, content: 'r1', pre_next: top.ID });
    const r2 = await comment(bob, { work_id: work.id, content: 'r2', pre_next: top.ID });
    const r3 = await comment(stranger, { work_id: work.id, content: 'r3', pre_next: r1.ID });
    const forbidden = await del(r1.ID, stranger);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().msg).toContain('only delete your own comments');
    // The work's owner has no right over others' comments (SPEC 6 names none).
    expect((await del(r1.ID, owner)).statusCode).toBe(403);
    expect((await del(r1.ID, bob)).json().data.count).toBe(1);
    expect((await del(r2.ID, alice)).json().data.count).toBe(1);
    expect((await del(r3.ID, moderator)).json().data).toEqual({
      id: r3.ID,
      count: 1,
      comment_total: 1,
    });
    const live = await t.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.workId, work.id), isNull(comments.deletedAt)));
    expect(live).toEqual([{ id: top.ID }]);
  });
});

describe('comment notifications', () => {
  it('tells the work owner of a comment and the people answered of a reply, never oneself', async () => {
    const work = await createWork(t.db, { userId: owner.id });
    const mine = await comment(owner, { work_id: work.id, content: 'own comment' });
    const top = await comment(alice, { work_id: work.id, content: 'question' });
    const reply = await comment(bob, { work_id: work.id, content: 'answer', pre_next: top.ID });
    await comment(alice, { work_id: work.id, content: 'thanks', pre_next: reply.ID });
    const rows = await t.db
      .select({ recipientId: notifications.recipientId, commentId: notifications.commentId })
      .from(notifications)
      .where(and(eq(notifications.workId, work.id), eq(notifications.kind, 'comment')));
    const byComment = (id: number) =>
      rows
        .filter((row) => row.commentId === id)
        .map((row) => row.recipientId)
        .sort();
    expect(byComment(mine.ID)).toEqual([]);
    expect(byComment(top.ID)).toEqual([owner.id]);
    // Bob answers Alice in her own thread: Alice once.
    expect(byComment(reply.ID)).toEqual([alice.id]);
    // Alice answers Bob in her thread: Bob only (Alice owns the thread).
    const last = rows.find((row) => ![mine.ID, top.ID, reply.ID].includes(row.commentId ?? 0));
    expect(last?.recipientId).toBe(bob.id);
    // Deleting the thread takes its notifications back.
    await del(top.ID, alice);
    const left = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.workId, work.id), eq(notifications.kind, 'comment')));
    expect(left).toEqual([]);
  });
});
