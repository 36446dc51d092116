import { type TNotification, ZLikeResponse } from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, postLikes, posts } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

/** Likes on posts (ADR 0013: as works' likes, SPEC 4 Social actions). */
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

const like = (postId: number, as?: TWho, on = true) =>
  t.app.inject({
    method: on ? 'PUT' : 'DELETE',
    url: `/api/v1/community/post/${postId}/like`,
    headers: as?.headers ?? {},
  });

async function likeCount(postId: number) {
  const [row] = await t.db
    .select({ like: posts.likeCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row?.like;
}

const likeNotifications = (recipientId: number, postId: number) =>
  t.db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.recipientId, recipientId),
        eq(notifications.postId, postId),
        eq(notifications.kind, 'liked'),
      ),
    );

describe('PUT and DELETE /community/post/{id}/like', () => {
  it('counts a repeated like once and unlikes idempotently', async () => {
    const post = await createPost(t.db, { userId: author.id });
    const first = await like(post.id, fan);
    expect(first.statusCode).toBe(200);
    expect(ZLikeResponse.parse(first.json()).data).toEqual({ id: post.id, is_like: true, like: 1 });
    expect((await like(post.id, fan)).json().data).toEqual({ id: post.id, is_like: true, like: 1 });
    expect((await like(post.id, other)).json().data.like).toBe(2);

    const off = await like(post.id, fan, false);
    expect(off.json().data).toEqual({ id: post.id, is_like: false, like: 1 });
    const offAgain = await like(post.id, fan, false);
    expect(offAgain.json().data).toEqual({ id: post.id, is_like: false, like: 1 });
    expect(await likeCount(post.id)).toBe(1);
  });

  it('needs a login (401) and an existing post (404)', async () => {
    const post = await createPost(t.db, { userId: author.id });
    expect((await like(post.id)).statusCode).toBe(401);
    expect((await like(post.id, undefined, false)).statusCode).toBe(401);
    expect((await like(999_999, fan)).statusCode).toBe(404);
    expect((await like(999_999, fan, false)).statusCode).toBe(404);
  });

  it('keeps the count exact under 50 concurrent likes by 50 users, and as many unlikes', async () => {
    const post = await createPost(t.db, { userId: author.id });
    const people = await Promise.all(Array.from({ length: 50 }, () => who()));
    const liked = await Promise.all(people.map((person) => like(post.id, person)));
    expect(liked.map((reply) => reply.statusCode)).toEqual(people.map(() => 200));
    expect(await likeCount(post.id)).toBe(50);
    expect(await t.db.$count(postLikes, eq(postLikes.postId, post.id))).toBe(50);
    expect(await t.db.$count(notifications, eq(notifications.postId, post.id))).toBe(50);
    // Everybody again, mixed with unlikes of half of them: the counter follows the rows.
    const mixed = await Promise.all(
      people.flatMap((person, i) => [like(post.id, person), like(post.id, person, i % 2 === 0)]),
    );
    // 100 writes at once pass the test app's admission gate (ADR 0050: 8 at
    // once, 64 waiting) or are refused whole with 503 and Retry-After.
    const refused = mixed.filter((reply) => reply.statusCode !== 200);
    expect(refused.every((reply) => reply.statusCode === 503 && reply.headers['retry-after'])).toBe(
      true,
    );
    expect(mixed.length - refused.length).toBeGreaterThanOrEqual(72);
    const rows = await t.db.$count(postLikes, eq(postLikes.postId, post.id));
    expect(await likeCount(post.id)).toBe(rows);
    await Promise.all(people.map((person) => like(post.id, person, false)));
    expect(await likeCount(post.id)).toBe(0);
    expect(await t.db.$count(notifications, eq(notifications.postId, post.id))).toBe(0);
  });

  it('notifies the author (not oneself) and takes the notification back on unlike', async () => {
    const post = await createPost(t.db, { userId: author.id, content: 'A lamp I printed' });
    await like(post.id, author);
    expect(await likeNotifications(author.id, post.id)).toEqual([]);
    await like(post.id, fan);
    await like(post.id, fan);
    expect(await likeNotifications(author.id, post.id)).toEqual([
      expect.objectContaining({ actorId: fan.id, readAt: null, workId: null }),
    ]);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/works/like/belist',
      headers: (await signIn(t, author.id)).headers,
    });
    const item = (listed.json().data as TNotification[]).find((n) => n.post_id === post.id);
    expect(item).toBeDefined();
    await like(post.id, fan, false);
    expect(await likeNotifications(author.id, post.id)).toEqual([]);
    // Unliking again takes nothing else back.
    await like(post.id, other);
    await like(post.id, fan, false);
    expect(await likeNotifications(author.id, post.id)).toEqual([
      expect.objectContaining({ actorId: other.id }),
    ]);
  });

  it('shows the like in the post for its liker only', async () => {
    const post = await createPost(t.db, { userId: author.id });
    await like(post.id, fan);
    const get = (as?: TWho) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/community/post/${post.id}`,
        headers: as?.headers ?? {},
      });
    expect((await get(fan)).json().data).toMatchObject({ is_like: true, like: 1 });
    expect((await get(other)).json().data).toMatchObject({ is_like: false, like: 1 });
  });
});
