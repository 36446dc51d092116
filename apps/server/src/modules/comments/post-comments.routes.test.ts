import {
  type TComment,
  type TCreatePostCommentInput,
  type TNotification,
  ZCommentListResponse,
  ZCreateCommentResponse,
  ZDeleteCommentResponse,
  ZNotificationListResponse,
  ZRepliesResponse,
  ZUnreadResponse,
} from '@layerline/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, posts, works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/**
 * Comments on community posts (ADR 0013): the rules of works' comments
 * (SPEC 3, 4, 5, 6) on the /api/v1/community/comment/ paths.
 */
let t: TTestApp;
/** Per user and minute here; only 'Chatty' reaches it (fresh users take over when the others near it). */
const COMMENT_LIMIT = 30;
type TWho = { id: number; name: string; headers: { authorization: string } };
type TLang = 'en' | 'zh';
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

const language = (lang: TLang) => ({ 'content-language': lang });

const put = (as: TWho | null, payload: Partial<TCreatePostCommentInput>, lang: TLang = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/community/comment/put_comment',
    headers: { ...(as?.headers ?? {}), ...language(lang) },
    payload,
  });

async function comment(as: TWho, payload: Partial<TCreatePostCommentInput>): Promise<TComment> {
  const reply = await put(as, payload);
  expect(reply.statusCode, reply.body).toBe(200);
  return ZCreateCommentResponse.parse(reply.json()).data;
}

const get = (url: string, as?: TWho | null, lang: TLang = 'en') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), ...language(lang) },
  });
const del = (id: number, as: TWho, lang: TLang = 'en', base = '/community/comment') =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1${base}/delete/${id}`,
    headers: { ...as.headers, ...language(lang) },
  });
const withsub = (postId: number, as?: TWho | null, query = '', lang: TLang = 'en') =>
  get(`/community/comment/post/withsub/${postId}${query}`, as, lang);

async function postCommentCount(postId: number) {
  const [row] = await t.db
    .select({ count: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.count;
}

async function commentList(as: TWho): Promise<TNotification[]> {
  const reply = await get('/comment/belist?pageSize=100', as);
  expect(reply.statusCode, reply.body).toBe(200);
  return ZNotificationListResponse.parse(reply.json()).data;
}

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

describe('community delete (SPEC 6 rights, data.count, counts)', () => {
  it('lets the author delete a comment with its replies; data.count and comment_total are exact', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: post.id, content: 'thread' });
    await comment(bob, { post_id: post.id, content: 'r1', pre_next: top.ID });
    await comment(owner, { post_id: post.id, content: 'r2', pre_next: top.ID });
    const keep = await comment(bob, { post_id: post.id, content: 'other thread' });
    expect(await postCommentCount(post.id)).toBe(4);
    const forbidden = await del(top.ID, stranger, 'zh');
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().msg).toBe('您只能删除自己的评论及其下的回复');
    expect((await del(top.ID, bob)).statusCode).toBe(403);
    const removed = await del(top.ID, alice, 'zh');
    expect(ZDeleteCommentResponse.parse(removed.json())).toMatchObject({
      msg: '成功',
      data: { id: top.ID, count: 3, comment_total: 1 },
    });
    expect(await postCommentCount(post.id)).toBe(1);
    const again = await del(top.ID, alice);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('The requested resource does not exist.');
    const list = ZCommentListResponse.parse((await withsub(post.id, alice)).json());
    expect(list.data.map((c) => c.ID)).toEqual([keep.ID]);
    expect(list).toMatchObject({ total: 1, comment_total: 1 });
  });

  it('lets the reply author, the thread owner and moderators delete a reply, nobody else', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: post.id, content: 'thread' });
    const r1 = await comment(bob, { post_id: post.id, content: 'r1', pre_next: top.ID });
    const r2 = await comment(bob, { post_id: post.id, content: 'r2', pre_next: top.ID });
    const r3 = await comment(stranger, { post_id: post.id, content: 'r3', pre_next: r1.ID });
    const forbidden = await del(r1.ID, stranger);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().msg).toBe(
      'You can only delete your own comments and the replies under them',
    );
    // The post's author has no right over others' comments (SPEC 6 names none).
    expect((await del(r1.ID, owner)).statusCode).toBe(403);
    expect((await del(r1.ID, bob)).json().data).toEqual({ id: r1.ID, count: 1, comment_total: 3 });
    // Alice owns the thread.
    expect((await del(r2.ID, alice)).json().data).toEqual({
      id: r2.ID,
      count: 1,
      comment_total: 2,
    });
    expect((await del(r3.ID, moderator)).json().data).toEqual({
      id: r3.ID,
      count: 1,
      comment_total: 1,
    });
    const live = await t.db
      .select({ id: comments.id })
      .from(comments)
      .where(and(eq(comments.postId, post.id), isNull(comments.deletedAt)));
    expect(live).toEqual([{ id: top.ID }]);
    expect(await postCommentCount(post.id)).toBe(1);
    // A moderator deletes any comment, with its replies.
    await comment(bob, { post_id: post.id, content: 'late reply', pre_next: top.ID });
    expect((await del(top.ID, moderator)).json().data).toEqual({
      id: top.ID,
      count: 2,
      comment_total: 0,
    });
    expect(await postCommentCount(post.id)).toBe(0);
  });

  it('deletes a post’s comment on /comment/delete too (ids are global), but no work’s on the community path', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: post.id, content: 'via the work path' });
    const viaWorkPath = await del(top.ID, alice, 'en', '/comment');
    expect(viaWorkPath.json().data).toEqual({ id: top.ID, count: 1, comment_total: 0 });
    expect(await postCommentCount(post.id)).toBe(0);
    const work = await createWork(t.db, { userId: owner.id });
    const workComment = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      headers: alice.headers,
      payload: { work_id: work.id, content: 'on the work' },
    });
    const workCommentId = workComment.json().data.ID as number;
    expect((await del(workCommentId, alice)).statusCode).toBe(404);
    const [row] = await t.db
      .select({ count: works.commentCount })
      .from(works)
      .where(eq(works.id, work.id));
    expect(row?.count).toBe(1);
  });
});

describe('community comment notifications', () => {
  it('tells the post’s author of a comment and the people answered of a reply, never oneself', async () => {
    const author = await who('Poster');
    const post = await createPost(t.db, {
      userId: author.id,
      content: `  Printed   a ${'very '.repeat(30)}long bracket`,
      images: ['/files/post/one.webp', '/files/post/two.webp'],
    });
    const mine = await comment(author, { post_id: post.id, content: 'own comment' });
    const top = await comment(alice, { post_id: post.id, content: 'question' });
    const reply = await comment(bob, { post_id: post.id, content: 'answer', pre_next: top.ID });
    const thanks = await comment(alice, {
      post_id: post.id,
      content: 'thanks',
      pre_next: reply.ID,
    });

    const toAuthor = await commentList(author);
    expect(toAuthor).toHaveLength(1);
    const [item] = toAuthor;
    expect(item).toMatchObject({
      kind: 'comment',
      user_id: alice.id,
      nickname: 'Alice',
      work_id: null,
      work_title: '',
      work_cover: '',
      post_id: post.id,
      post_image: '/files/post/one.webp',
      comment_id: top.ID,
      content: 'question',
      parent_id: null,
      is_reply: false,
      is_read: false,
    });
    // The excerpt is the start of the text with its spaces folded, cut at 80 characters.
    expect(item?.post_excerpt.startsWith('Printed a very very')).toBe(true);
    expect([...(item?.post_excerpt ?? '')]).toHaveLength(81);
    expect(item?.post_excerpt.endsWith('…')).toBe(true);
    expect(mine.ID).toBeGreaterThan(0);

    // Bob answers Alice in her own thread: Alice once.
    const toAlice = (await commentList(alice)).filter((n) => n.post_id === post.id);
    expect(toAlice).toEqual([
      expect.objectContaining({
        comment_id: reply.ID,
        user_id: bob.id,
        is_reply: true,
        parent_id: top.ID,
        post_id: post.id,
        work_id: null,
        content: 'answer',
      }),
    ]);
    // Alice answers Bob in her thread: Bob only (Alice owns the thread).
    const toBob = (await commentList(bob)).filter((n) => n.post_id === post.id);
    expect(toBob.map((n) => n.comment_id)).toEqual([thanks.ID]);
    const unread = ZUnreadResponse.parse((await get('/notify/unread', author)).json()).data;
    expect(unread.comment).toBe(1);

    // Deleting the thread takes its notifications back.
    expect((await del(top.ID, alice)).json().data.count).toBe(3);
    expect(await commentList(author)).toEqual([]);
    expect((await commentList(alice)).filter((n) => n.post_id === post.id)).toEqual([]);
    expect((await commentList(bob)).filter((n) => n.post_id === post.id)).toEqual([]);
    const left = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.postId, post.id));
    expect(left).toEqual([]);
    expect(ZUnreadResponse.parse((await get('/notify/unread', author)).json()).data.comment).toBe(
      0,
    );
  });

  it('tells the thread owner and the one answered when both differ from the replier', async () => {
    const post = await createPost(t.db, { userId: owner.id });
    const top = await comment(alice, { post_id: post.id, content: 'thread' });
    const bobReply = await comment(bob, { post_id: post.id, content: 'b', pre_next: top.ID });
    const strangerReply = await comment(stranger, {
      post_id: post.id,
      content: '@Bob c',
      pre_next: bobReply.ID,
    });
    const rows = await t.db
      .select({ recipientId: notifications.recipientId, postId: notifications.postId })
      .from(notifications)
      .where(eq(notifications.commentId, strangerReply.ID));
    expect(rows.map((row) => row.recipientId).sort()).toEqual([alice.id, bob.id].sort());
    expect(rows.every((row) => row.postId === post.id)).toBe(true);
    // Deleting one reply retracts only its own notifications.
    await del(strangerReply.ID, stranger);
    const remaining = await t.db
      .select({ commentId: notifications.commentId })
      .from(notifications)
      .where(eq(notifications.postId, post.id));
    expect(remaining.map((row) => row.commentId).sort()).toEqual([top.ID, bobReply.ID].sort());
  });
});

describe('works’ comments beside posts’', () => {
  // Commenters of their own, well below the per-minute limit.
  let carol: TWho;
  let dave: TWho;

  beforeAll(async () => {
    carol = await who('Carol');
    dave = await who('Dave');
  });

  it('keeps work comments, counts and lists apart from a post’s', async () => {
    const maker = await who('Maker');
    const work = await createWork(t.db, { userId: maker.id });
    const post = await createPost(t.db, { userId: maker.id });
    const onWork = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comment/put_comment',
      headers: carol.headers,
      payload: { work_id: work.id, content: 'on the work' },
    });
    expect(ZCreateCommentResponse.parse(onWork.json())).toMatchObject({
      comment_total: 1,
      data: { work_id: work.id, post_id: null },
    });
    await comment(carol, { post_id: post.id, content: 'on the post' });
    await comment(dave, { post_id: post.id, content: 'also on the post' });
    const workList = ZCommentListResponse.parse(
      (await get(`/comment/work/withsub/${work.id}`, carol)).json(),
    );
    expect(workList.data.map((c) => c.Content)).toEqual(['on the work']);
    expect(workList).toMatchObject({ total: 1, comment_total: 1 });
    const postList = ZCommentListResponse.parse((await withsub(post.id, carol)).json());
    expect(postList.data.map((c) => c.Content)).toEqual(['also on the post', 'on the post']);
    expect(postList).toMatchObject({ total: 2, comment_total: 2 });
    const [workRow] = await t.db
      .select({ count: works.commentCount })
      .from(works)
      .where(eq(works.id, work.id));
    expect(workRow?.count).toBe(1);
    expect(await postCommentCount(post.id)).toBe(2);
    const items = await commentList(maker);
    expect(items).toHaveLength(3);
    expect(items.find((n) => n.work_id === work.id)).toMatchObject({
      post_id: null,
      post_excerpt: '',
      post_image: '',
    });
    expect(items.filter((n) => n.post_id === post.id && n.work_id === null)).toHaveLength(2);
  });

  it('removes a post’s comments and their notifications with the post', async () => {
    const maker = await who('Maker');
    const post = await createPost(t.db, { userId: maker.id });
    const top = await comment(carol, { post_id: post.id, content: 'soon gone' });
    await comment(dave, { post_id: post.id, content: 'me too', pre_next: top.ID });
    await t.db.delete(posts).where(eq(posts.id, post.id));
    const left = await t.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.postId, post.id));
    expect(left).toEqual([]);
    expect(await commentList(maker)).toEqual([]);
    expect((await withsub(post.id, carol)).statusCode).toBe(404);
    expect((await put(carol, { post_id: post.id, content: 'late' })).statusCode).toBe(404);
  });
});
