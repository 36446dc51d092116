import {
  type TComment,
  ZCommentListResponse,
  ZCreateCommentResponse,
  ZRepliesResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
import { createPost, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { COMMENT_LIMIT, postCommentCalls, type TWho } from './post-comments.test-helpers';

/**
 * Comments on community posts (ADR 0013): the rules of works' comments
 * (SPEC 3, 4, 5, 6) on the /api/v1/community/comment/ paths: writing,
 * replying and reading. Deleting and notifying: post-comments-delete.routes.test.ts.
 */
let t: TTestApp;
let owner: TWho;
let alice: TWho;
let bob: TWho;
let stranger: TWho;
const { who, put, comment, get, del, withsub, postCommentCount } = postCommentCalls(() => t);

beforeAll(async () => {
  t = await createTestApp({ commentLimit: { max: COMMENT_LIMIT, windowMs: 60_000 } });
  owner = await who('Owner');
  alice = await who('Alice');
  bob = await who('Bob');
  stranger = await who('Stranger');
});

afterAll(async () => {
  await t.close();
});

describe('community put_comment (SPEC 3 create payload, SPEC 5 rules)', () => {
  it('creates a comment on a post as the caller, ignoring user_id, and counts it (en and zh)', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const reply = await put(alice, {
      post_id: post.id,
      content: '  Nice idea!  ',
      user_id: bob.id,
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = ZCreateCommentResponse.parse(reply.json());
    expect(body.msg).toBe('success');
    expect(body.data).toMatchObject({
      Content: 'Nice idea!',
      UserID: alice.id,
      NickName: 'Alice',
      work_id: null,
      post_id: post.id,
      parent_id: null,
      reply_to: '',
      reply_to_uid: null,
      Replies: [],
      reply_count: 0,
    });
    expect(body.comment_total).toBe(1);
    const zh = await put(bob, { post_id: post.id, content: '好主意' }, 'zh');
    expect(zh.json()).toMatchObject({ code: 200, msg: '成功', comment_total: 2 });
    expect(await postCommentCount(post.id)).toBe(2);
  });

  it('refuses empty, too long and sensitive content, missing posts and visitors, in en and zh', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const empty = await put(alice, { post_id: post.id, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('Please enter a comment');
    expect((await put(alice, { post_id: post.id, content: '' }, 'zh')).json().msg).toContain(
      '请输入评论内容',
    );
    const long = await put(alice, { post_id: post.id, content: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('A comment cannot exceed 1000 characters');
    const longZh = await put(alice, { post_id: post.id, content: '长'.repeat(1001) }, 'zh');
    expect(longZh.json().msg).toContain('评论不能超过 1000 个字符');
    // Exactly 1000 characters is allowed.
    expect((await put(alice, { post_id: post.id, content: '长'.repeat(1000) })).statusCode).toBe(
      200,
    );
    const dirty = await put(alice, { post_id: post.id, content: 'join 赌博 now' });
    expect(dirty.statusCode).toBe(406);
    expect(dirty.json()).toMatchObject({
      code: 406,
      msg: 'The content contains sensitive words: 赌博',
      data: { words: ['赌博'] },
    });
    const dirtyZh = await put(alice, { post_id: post.id, content: '来赌博吧' }, 'zh');
    expect(dirtyZh.json()).toMatchObject({
      code: 406,
      msg: '内容包含敏感词：赌博',
      data: { words: ['赌博'] },
    });
    const missing = await put(alice, { post_id: 999999, content: 'hi' }, 'zh');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('请求的资源不存在。');
    expect((await put(alice, { content: 'no subject' })).statusCode).toBe(400);
    expect((await put(null, { post_id: post.id, content: 'hi' })).statusCode).toBe(401);
    // Only the 1000-character comment went in; nothing else was counted or notified.
    expect(await postCommentCount(post.id)).toBe(1);
    const rows = await t.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.postId, post.id));
    expect(rows).toHaveLength(1);
  });

  it('limits comments per user and minute over works and posts together (429)', async () => {
    const chatty = await who('Chatty');
    const post = await createPost(t.db, { userId: owner.id });
    const work = await createWork(t.db, { userId: owner.id });
    for (let i = 0; i < COMMENT_LIMIT; i += 1) {
      const reply =
        i % 2
          ? await put(chatty, { post_id: post.id, content: `n${i}` })
          : await t.app.inject({
              method: 'POST',
              url: '/api/v1/comment/put_comment',
              headers: chatty.headers,
              payload: { work_id: work.id, content: `n${i}` },
            });
      expect(reply.statusCode).toBe(200);
    }
    const over = await put(chatty, { post_id: post.id, content: 'one more' });
    expect(over.statusCode).toBe(429);
    expect(over.json().data.retryAfter).toBeGreaterThan(0);
    expect((await put(alice, { post_id: post.id, content: 'me too' })).statusCode).toBe(200);
    expect(await postCommentCount(post.id)).toBe(COMMENT_LIMIT / 2 + 1);
  });
});

describe('community replies (pre_next, replyTo, reply_to, reply_to_uid)', () => {
  it('answers a comment and a reply within one thread', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: post.id, content: 'Which filament?' });
    const first = await comment(bob, { post_id: post.id, content: 'PETG', pre_next: top.ID });
    expect(first).toMatchObject({
      post_id: post.id,
      work_id: null,
      parent_id: top.ID,
      reply_to_id: top.ID,
      reply_to: 'Alice',
      reply_to_uid: alice.id,
    });
    // A reply to a reply joins the same thread and answers its author.
    const second = await comment(owner, {
      post_id: post.id,
      content: '@Bob yes',
      pre_next: first.ID,
    });
    expect(second).toMatchObject({ parent_id: top.ID, reply_to_uid: bob.id, reply_to: 'Bob' });
    // replyTo picks someone in the thread by name or id; anybody else falls back to pre_next's author.
    const named = await comment(bob, {
      post_id: post.id,
      content: '@Owner thanks',
      pre_next: top.ID,
      replyTo: '@Owner',
    });
    expect(named.reply_to_uid).toBe(owner.id);
    const outsider = await comment(bob, {
      post_id: post.id,
      content: 'hm',
      pre_next: top.ID,
      replyTo: stranger.id,
    });
    expect(outsider.reply_to_uid).toBe(alice.id);
    expect(await postCommentCount(post.id)).toBe(5);
  });

  it('refuses a reply target of another post, of a work, or a deleted one (en and zh)', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const elsewhere = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: elsewhere.id, content: 'there' });
    const wrong = await put(bob, { post_id: post.id, content: 'x', pre_next: top.ID });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe(
      'The comment you reply to does not exist or belongs to another post',
    );
    const wrongZh = await put(bob, { post_id: post.id, content: 'x', pre_next: top.ID }, 'zh');
    expect(wrongZh.json().msg).toBe('回复的评论不存在或不属于该帖子');
    // A work's comment is no target for a post's reply, and the other way round.
    const work = await createWork(t.db, { userId: owner.id });
    const workComment = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      headers: alice.headers,
      payload: { work_id: work.id, content: 'on the work' },
    });
    const workCommentId = workComment.json().data.ID as number;
    expect(
      (await put(bob, { post_id: post.id, content: 'x', pre_next: workCommentId })).statusCode,
    ).toBe(400);
    const across = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      headers: bob.headers,
      payload: { work_id: work.id, content: 'x', pre_next: top.ID },
    });
    expect(across.statusCode).toBe(400);
    await del(top.ID, alice);
    expect(
      (await put(bob, { post_id: elsewhere.id, content: 'x', pre_next: top.ID })).statusCode,
    ).toBe(400);
    expect(await postCommentCount(post.id)).toBe(0);
    expect(await postCommentCount(elsewhere.id)).toBe(0);
  });
});

describe('community withsub and sub (SPEC 7 semantics, SPEC 9 page size 10, SPEC 6 visitors)', () => {
  let postId: number;
  const tops: TComment[] = [];

  beforeAll(async () => {
    postId = (await createPost(t.db, { userId: owner.id })).id;
    for (let i = 0; i < 12; i += 1) {
      tops.push(await comment(i % 2 ? alice : bob, { post_id: postId, content: `comment ${i}` }));
    }
    // Thread of the newest comment: 7 replies.
    const newest = tops[11] as TComment;
    for (let i = 0; i < 7; i += 1) {
      await comment(i % 2 ? owner : alice, {
        post_id: postId,
        content: `reply ${i}`,
        pre_next: newest.ID,
      });
    }
  });

  it('pages comments newest first with the first reply, reply_count and totals (en and zh)', async () => {
    const reply = await withsub(postId, stranger, '?page=1');
    const first = ZCommentListResponse.parse(reply.json());
    expect(first.msg).toBe('success');
    expect(first.data).toHaveLength(10);
    expect(first).toMatchObject({ total: 12, comment_total: 19, limited: false });
    expect(first.data[0]).toMatchObject({
      Content: 'comment 11',
      reply_count: 7,
      post_id: postId,
      work_id: null,
    });
    expect(first.data[0]?.Replies.map((r) => r.Content)).toEqual(['reply 0']);
    expect(first.data[1]).toMatchObject({ Content: 'comment 10', reply_count: 0, Replies: [] });
    const second = (await withsub(postId, alice, '?page=2&pageSize=10', 'zh')).json();
    expect(second.msg).toBe('成功');
    expect(second.data.map((c: TComment) => c.Content)).toEqual(['comment 1', 'comment 0']);
    expect(await postCommentCount(postId)).toBe(19);
  });

  it('gives a visitor the first 2 comments only, without replies', async () => {
    const visitor = ZCommentListResponse.parse((await withsub(postId)).json());
    expect(visitor.data.map((c) => c.Content)).toEqual(['comment 11', 'comment 10']);
    expect(visitor.data[0]?.Replies).toEqual([]);
    expect(visitor.data[0]?.reply_count).toBe(7);
    expect(visitor).toMatchObject({ total: 12, comment_total: 19, limited: true });
    expect((await withsub(postId, null, '?page=2')).json().data).toEqual([]);
    expect((await withsub(postId, null, '?pageSize=50')).json().data).toHaveLength(2);
    const thread = await get(`/community/comment/sub/${tops[11]?.ID}`, null, 'zh');
    expect(thread.statusCode).toBe(401);
    expect(thread.json().msg).toBe('您的登录已过期，请重新登录');
  });

  it('pages a thread’s replies oldest first in data.Replies; a reply’s id means its thread', async () => {
    const thread = tops[11] as TComment;
    const page = ZRepliesResponse.parse(
      (await get(`/community/comment/sub/${thread.ID}?page=2&pageSize=5`, bob)).json(),
    );
    expect(page.data.Replies.map((r) => r.Content)).toEqual(['reply 5', 'reply 6']);
    expect(page.data).toMatchObject({ ID: thread.ID, total: 7 });
    expect(page.total).toBe(7);
    const firstReply = page.data.Replies[0] as TComment;
    const viaReply = ZRepliesResponse.parse(
      (await get(`/community/comment/sub/${firstReply.ID}?pageSize=2`, alice, 'zh')).json(),
    );
    expect(viaReply).toMatchObject({ msg: '成功', total: 7, data: { ID: thread.ID } });
    expect(viaReply.data.Replies.map((r) => r.Content)).toEqual(['reply 0', 'reply 1']);
  });

  it('keeps each path to its own subject and answers 404 for missing posts', async () => {
    // The work path serves work threads only, the community path post threads only.
    expect((await get(`/comment/work/sub/${tops[11]?.ID}`, bob)).statusCode).toBe(404);
    const work = await createWork(t.db, { userId: owner.id });
    const workComment = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      headers: alice.headers,
      payload: { work_id: work.id, content: 'about the work' },
    });
    const workCommentId = workComment.json().data.ID as number;
    expect((await get(`/community/comment/sub/${workCommentId}`, bob)).statusCode).toBe(404);
    expect((await get(`/comment/work/sub/${workCommentId}`, bob)).statusCode).toBe(200);
    const missing = await withsub(999999, alice, '', 'zh');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('请求的资源不存在。');
    expect((await get('/community/comment/sub/999999', alice)).statusCode).toBe(404);
  });
});
