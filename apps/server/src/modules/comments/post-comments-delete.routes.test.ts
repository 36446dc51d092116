import {
  ZCommentListResponse,
  ZCreateCommentResponse,
  ZDeleteCommentResponse,
  ZUnreadResponse,
} from '@layerline/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, posts, works } from '../../db/schema';
import { createPost, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { COMMENT_LIMIT, postCommentCalls, type TWho } from './post-comments.test-helpers';

/**
 * Comments on community posts (ADR 0013), continued from
 * post-comments.routes.test.ts: who may delete (SPEC 6) and what a
 * deletion counts, the notifications a comment sends and a deletion takes
 * back, and works' comments kept apart from posts'.
 */
let t: TTestApp;
let owner: TWho;
let alice: TWho;
let bob: TWho;
let stranger: TWho;
let moderator: TWho;
const { who, put, comment, get, del, withsub, postCommentCount, commentList } = postCommentCalls(
  () => t,
);

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
