import { ZNotificationListResponse, ZUnreadResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, posts } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { LocalLiveEvents, type TNotifySignal } from '../../lib/live-events';
import { signIn } from '../../test/auth-helpers';
import { createPost, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { NotificationsService } from './notifications.service';

/**
 * ADR 0013: likes of community posts notify through the same service as
 * works' (kind 'liked' with `postId`), written and retracted in the like's
 * transaction, as the community module calls them.
 */
let t: TTestApp;
let service: NotificationsService;
const published: TNotifySignal[] = [];
type TWho = { id: number; headers: { authorization: string } };
let author: TWho;
let fan: TWho;

async function who(nickname: string): Promise<TWho> {
  const user = await createUser(t.db, { nickname });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

const get = async (url: string, as: TWho, lang: 'en' | 'zh' = 'en') => {
  const reply = await t.app.inject({
    method: 'GET',
    url: `/api/v1${url}`,
    headers: { ...as.headers, 'content-language': lang },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
};
const likes = async (as: TWho) =>
  ZNotificationListResponse.parse(await get('/works/like/belist', as));
const unread = async (as: TWho) => ZUnreadResponse.parse(await get('/notify/unread', as)).data;

beforeAll(async () => {
  t = await createTestApp();
  const events = new LocalLiveEvents();
  events.subscribe('notify', (signal) => published.push(signal));
  service = new NotificationsService({
    db: t.db,
    events,
    clock: () => new Date(),
    log: { warn: () => undefined },
  });
  author = await who('Poster');
  fan = await who('Fan');
});

afterAll(async () => {
  await t.close();
});

describe('post like notifications (add and retract with postId)', () => {
  it('adds a liked item about the post, listed with its excerpt and first image', async () => {
    const post = await createPost(t.db, {
      userId: author.id,
      content: 'Lithophane lamp\nwith a walnut base',
      images: ['/files/post/lamp.webp', '/files/post/base.webp'],
    });
    const signals = await new UnitOfWork(t.db).run((tx) =>
      service.add(tx, { recipientId: author.id, actorId: fan.id, kind: 'liked', postId: post.id }),
    );
    expect(signals).toEqual([{ userId: author.id, kind: 'liked' }]);
    service.signal(signals);
    expect(published).toContainEqual({ userIds: [author.id], kind: 'liked' });
    const list = await likes(author);
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({
      kind: 'liked',
      user_id: fan.id,
      nickname: 'Fan',
      work_id: null,
      work_title: '',
      work_cover: '',
      post_id: post.id,
      post_excerpt: 'Lithophane lamp with a walnut base',
      post_image: '/files/post/lamp.webp',
      comment_id: null,
      is_reply: false,
      content: '',
    });
    expect((await unread(author)).liked).toBe(1);

    const retracted = await new UnitOfWork(t.db).run((tx) =>
      service.retract(tx, {
        actorId: fan.id,
        kind: 'liked',
        recipientId: author.id,
        postId: post.id,
      }),
    );
    expect(retracted).toEqual([{ userId: author.id, kind: 'liked' }]);
    expect((await likes(author)).total).toBe(0);
    expect((await unread(author)).liked).toBe(0);
  });

  it('notifies nobody of liking their own post', async () => {
    const post = await createPost(t.db, { userId: author.id });
    const signals = await new UnitOfWork(t.db).run((tx) =>
      service.add(tx, {
        recipientId: author.id,
        actorId: author.id,
        kind: 'liked',
        postId: post.id,
      }),
    );
    expect(signals).toEqual([]);
    const rows = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.postId, post.id));
    expect(rows).toEqual([]);
  });

  it('retracts only the like of that post, leaving the same fan’s work and other post likes', async () => {
    const reader = await who('Reader');
    const post = await createPost(t.db, { userId: reader.id, images: [] });
    const other = await createPost(t.db, { userId: reader.id });
    const work = await createWork(t.db, { userId: reader.id });
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/works/like/${work.id}`,
      headers: fan.headers,
    });
    await new UnitOfWork(t.db).run(async (tx) => {
      for (const postId of [post.id, other.id]) {
        await service.add(tx, { recipientId: reader.id, actorId: fan.id, kind: 'liked', postId });
      }
    });
    const before = await likes(reader);
    expect(before.total).toBe(3);
    // A post without images has an empty post_image.
    expect(before.data.find((n) => n.post_id === post.id)?.post_image).toBe('');
    await new UnitOfWork(t.db).run((tx) =>
      service.retract(tx, {
        actorId: fan.id,
        kind: 'liked',
        recipientId: reader.id,
        postId: post.id,
      }),
    );
    const after = await likes(reader);
    expect(after.data.map((n) => [n.work_id, n.post_id])).toEqual(
      expect.arrayContaining([
        [null, other.id],
        [work.id, null],
      ]),
    );
    expect(after.total).toBe(2);
    // Deleting a post takes its notifications along (cascade).
    await t.db.delete(posts).where(eq(posts.id, other.id));
    const last = await likes(reader);
    expect(last.data.map((n) => n.work_id)).toEqual([work.id]);
  });
});
