import {
  LIMITS,
  message,
  type TMessageKey,
  type TPostInput,
  ZDeletePostResponse,
  ZPostResponse,
  ZUploadResponse,
} from '@layerline/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, postLikes, posts, works } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createPost, createPostImage, createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload, uploadThroughApi } from '../../test/uploads';

/** Posts: create, edit, delete and read (SPEC 3 Post, 5, 6; ADR 0013). */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
type TLang = 'en' | 'zh';
let author: TWho;
let other: TWho;
let moderator: TWho;
let admin: TWho;
let now = new Date('2026-11-20T10:00:00.000Z');

async function who(
  overrides: Parameters<typeof createUser>[1] = {},
  role?: 'moderator' | 'admin',
): Promise<TWho> {
  const user = await createUser(t.db, { ...overrides, ...(role ? { role } : {}) });
  return { id: user.id, headers: (await signIn(t, user.id, { role })).headers };
}

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  author = await who({ nickname: 'Ada' });
  other = await who();
  moderator = await who({}, 'moderator');
  admin = await who({}, 'admin');
});

afterAll(async () => {
  await t.close();
});

type TMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  method: TMethod,
  url: string,
  as?: TWho,
  payload?: TPostInput | Record<string, unknown>,
  lang: TLang = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': lang },
    ...(payload ? { payload } : {}),
  });
const publish = (as: TWho, payload: TPostInput | Record<string, unknown>, lang: TLang = 'en') =>
  call('POST', '/community/post', as, payload, lang);

describe('POST /community/post', () => {
  it('publishes text with the author’s post images, a topic and one of their works', async () => {
    const images = [await createPostImage(t.db, author.id), await createPostImage(t.db, author.id)];
    const work = await createWork(t.db, { userId: author.id, cover: ['/files/a.webp', '/b.webp'] });
    const res = await publish(author, {
      content: '  My first vase  ',
      images: images.map((image) => image.url),
      work_id: work.id,
      topic: '#Vases',
    });
    expect(res.statusCode).toBe(200);
    const post = ZPostResponse.parse(res.json()).data;
    expect(post).toMatchObject({
      content: 'My first vase',
      images: images.map((image) => image.url),
      thumbs: images.map((image) => image.thumbnail),
      topic: 'Vases',
      work: { id: work.id, title: work.title, cover: '/files/a.webp' },
      user_id: author.id,
      nickname: 'Ada',
      like: 0,
      is_like: false,
      comment_count: 0,
      CreatedAt: now.toISOString(),
      UpdatedAt: now.toISOString(),
      activity: null,
      activity_at: null,
    });
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.documentVersion).toBeGreaterThan(0);
  });

  it('takes images as the upload answered them: absolute on our address, or through the API', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
    })
      .png()
      .toBuffer();
    const upload = await uploadThroughApi(t, author.headers, 'post', {
      data: png,
      name: 'vase.png',
      type: 'image/png',
    });
    expect(upload.statusCode).toBe(200);
    const uploaded = ZUploadResponse.parse(upload.json()).data;
    expect(uploaded.thumbnail).toBeTruthy();
    const res = await publish(author, {
      content: 'Through the upload API',
      images: [`${t.config.publicUrl}${uploaded.url}`],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      images: [uploaded.url],
      thumbs: [uploaded.thumbnail],
      work: null,
      topic: null,
    });
  });

  it('never shows an e-mail address as the author’s name', async () => {
    const mailName = await who({ nickname: 'someone@example.com' });
    const res = await publish(mailName, { content: 'hello' });
    expect(res.json().data.nickname).toBe('someone');
    const noName = await who({ nickname: '', email: 'quiet.maker@example.test' });
    expect((await publish(noName, { content: 'hello' })).json().data.nickname).toBe('quiet.maker');
  });

  it.each(['en', 'zh'] as const)('answers SPEC 5 validation in %s', async (lang) => {
    const expectFailure = async (
      payload: Record<string, unknown>,
      key: TMessageKey,
      as: TWho = author,
    ) => {
      const res = await publish(as, payload, lang);
      expect(res.statusCode, key).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, msg: message(lang, key) });
    };
    const mine = await createPostImage(t.db, author.id);
    const others = await createPostImage(t.db, other.id);
    const cover = await createPostImage(t.db, author.id, { kind: 'cover' });
    const tooMany = await Promise.all(
      Array.from({ length: LIMITS.postMaxImages + 1 }, () => createPostImage(t.db, author.id)),
    );
    const othersWork = await createWork(t.db, { userId: other.id });
    const hiddenWork = await createWork(t.db, { userId: author.id, status: 'in_review' });
    const deletedWork = await createWork(t.db, { userId: author.id, deletedAt: now });

    await expectFailure({}, 'postContentRequired');
    await expectFailure({ content: '' }, 'postContentRequired');
    await expectFailure({ content: '   ' }, 'postContentRequired');
    await expectFailure({ content: 'x'.repeat(1001) }, 'postContentTooLong');
    await expectFailure(
      { content: 'ten', images: tooMany.map((image) => image.url) },
      'postImagesTooMany',
    );
    await expectFailure({ content: 'stolen', images: [mine.url, others.url] }, 'postImageInvalid');
    await expectFailure({ content: 'cover kind', images: [cover.url] }, 'postImageInvalid');
    await expectFailure(
      { content: 'made up', images: ['/files/nothing.webp'] },
      'postImageInvalid',
    );
    await expectFailure({ content: 'not mine', work_id: othersWork.id }, 'postWorkInvalid');
    await expectFailure({ content: 'in review', work_id: hiddenWork.id }, 'postWorkInvalid');
    await expectFailure({ content: 'deleted', work_id: deletedWork.id }, 'postWorkInvalid');
    await expectFailure({ content: 'no such', work_id: 999_999 }, 'postWorkInvalid');
    await expectFailure({ content: 'topic', topic: 't'.repeat(21) }, 'postTopicTooLong');

    // The limits themselves pass.
    const longest = await publish(author, {
      content: '好'.repeat(1000),
      images: tooMany.slice(0, LIMITS.postMaxImages).map((image) => image.url),
      topic: '话'.repeat(20),
      work_id: 0,
    });
    expect(longest.statusCode).toBe(200);
    expect(longest.json().data.images).toHaveLength(LIMITS.postMaxImages);
    expect(await t.db.$count(posts, eq(posts.content, 'stolen'))).toBe(0);
  });

  // The wording itself, not only the key: the message table is what a change could move.
  it.each([
    ['en', '', 'Please enter post content, text is required'],
    ['en', 'x'.repeat(1001), 'Content length cannot exceed 1000 characters'],
    ['zh', '', '请输入帖子内容，文字为必填项'],
    ['zh', '长'.repeat(1001), '内容长度不能超过 1000 个字符'],
  ] as const)('words the SPEC 5 content rules in %s: %#', async (lang, content, msg) => {
    const res = await publish(author, { content }, lang);
    expect(res.json()).toMatchObject({ code: 400, msg });
  });

  it('answers sensitive words in the text or the topic with 406', async () => {
    const dirty = await publish(author, { content: 'join 赌博 now' }, 'zh');
    expect(dirty.statusCode).toBe(406);
    expect(dirty.json()).toMatchObject({ code: 406, data: { words: ['赌博'] } });
    const topic = await publish(author, { content: 'clean', topic: 'porn' });
    expect(topic.statusCode).toBe(406);
    expect(topic.json().data.words).toEqual(['porn']);
  });

  it('needs a login', async () => {
    const res = await call('POST', '/community/post', undefined, { content: 'hi' });
    expect(res.statusCode).toBe(401);
  });

  it(`allows ${LIMITS.postsPerHour} new posts an hour per user, then 429 until the hour is over`, async () => {
    const busy = await who();
    for (let i = 0; i < LIMITS.postsPerHour; i += 1) {
      expect((await publish(busy, { content: `post ${i}` })).statusCode).toBe(200);
    }
    const refused = await publish(busy, { content: 'one more' }, 'zh');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429, msg: message('zh', 'tooManyRequests') });
    expect(refused.headers['retry-after']).toBeDefined();
    // Somebody else is not affected.
    expect((await publish(other, { content: 'mine' })).statusCode).toBe(200);
    const before = now;
    now = new Date(now.getTime() + 60 * 60_000 + 1000);
    try {
      expect((await publish(busy, { content: 'next hour' })).statusCode).toBe(200);
    } finally {
      now = before;
    }
  });
});

describe('PUT /community/post/{id}', () => {
  it('lets the author edit under the same rules; updated_at moves', async () => {
    const image = await createPostImage(t.db, author.id);
    const created = (await publish(author, { content: 'draft', images: [image.url] })).json().data;
    const later = new Date(now.getTime() + 5 * 60_000);
    const before = now;
    now = later;
    try {
      const fresh = await createPostImage(t.db, author.id);
      const res = await call('PUT', `/community/post/${created.id}`, author, {
        content: 'final',
        images: [image.url, fresh.url],
        topic: 'Lamps',
      });
      expect(res.statusCode).toBe(200);
      expect(ZPostResponse.parse(res.json()).data).toMatchObject({
        id: created.id,
        content: 'final',
        images: [image.url, fresh.url],
        topic: 'Lamps',
        CreatedAt: before.toISOString(),
        UpdatedAt: later.toISOString(),
      });
      const long = await call(
        'PUT',
        `/community/post/${created.id}`,
        author,
        { content: 'x'.repeat(1001) },
        'zh',
      );
      expect(long.json()).toMatchObject({ code: 400, msg: message('zh', 'postContentTooLong') });
      const stolen = await createPostImage(t.db, other.id);
      const invalid = await call('PUT', `/community/post/${created.id}`, author, {
        content: 'x',
        images: [stolen.url],
      });
      expect(invalid.json()).toMatchObject({ code: 400, msg: message('en', 'postImageInvalid') });
      const dirty = await call('PUT', `/community/post/${created.id}`, author, {
        content: 'buy followers here',
      });
      expect(dirty.statusCode).toBe(406);
    } finally {
      now = before;
    }
  });

  it('keeps images the post already has, even without an upload row (seeded posts)', async () => {
    const post = await createPost(t.db, { userId: author.id });
    const res = await call('PUT', `/community/post/${post.id}`, author, {
      content: 'kept',
      images: post.images,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.images).toEqual(post.images);
  });

  it('refuses other users (403 postForbidden, even moderators), visitors (401) and missing posts (404)', async () => {
    const post = await createPost(t.db, { userId: author.id, content: 'untouched' });
    for (const lang of ['en', 'zh'] as const) {
      const res = await call('PUT', `/community/post/${post.id}`, other, { content: 'mine' }, lang);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: message(lang, 'postForbidden') });
    }
    expect(
      (await call('PUT', `/community/post/${post.id}`, moderator, { content: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('PUT', `/community/post/${post.id}`, undefined, { content: 'x' })).statusCode,
    ).toBe(401);
    expect((await call('PUT', '/community/post/999999', author, { content: 'x' })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row?.content).toBe('untouched');
  });
});

describe('DELETE /community/post/{id}', () => {
  it('lets the author delete; comments, likes and notifications go with the post', async () => {
    const post = await createPost(t.db, { userId: author.id });
    await call('PUT', `/community/post/${post.id}/like`, other);
    await t.db.insert(comments).values({ postId: post.id, userId: other.id, content: 'nice' });
    expect(await t.db.$count(notifications, eq(notifications.postId, post.id))).toBe(1);
    const res = await call('DELETE', `/community/post/${post.id}`, author);
    expect(res.statusCode).toBe(200);
    expect(ZDeletePostResponse.parse(res.json()).data).toEqual({ id: post.id });
    expect(await t.db.$count(posts, eq(posts.id, post.id))).toBe(0);
    expect(await t.db.$count(postLikes, eq(postLikes.postId, post.id))).toBe(0);
    expect(await t.db.$count(comments, eq(comments.postId, post.id))).toBe(0);
    expect(await t.db.$count(notifications, eq(notifications.postId, post.id))).toBe(0);
    expect((await call('GET', `/community/post/${post.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/community/post/${post.id}`, author)).statusCode).toBe(404);
  });

  it('lets moderators and admins delete any post; other users get 403, visitors 401', async () => {
    const post = await createPost(t.db, { userId: author.id });
    for (const lang of ['en', 'zh'] as const) {
      const res = await call('DELETE', `/community/post/${post.id}`, other, undefined, lang);
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(message(lang, 'postForbidden'));
    }
    expect((await call('DELETE', `/community/post/${post.id}`)).statusCode).toBe(401);
    expect((await call('DELETE', `/community/post/${post.id}`, moderator)).statusCode).toBe(200);
    const second = await createPost(t.db, { userId: author.id });
    expect((await call('DELETE', `/community/post/${second.id}`, admin)).statusCode).toBe(200);
    expect(await t.db.$count(posts, eq(posts.id, second.id))).toBe(0);
  });
});

describe('GET /community/post/{id}', () => {
  it('shows a post to visitors (is_like false) and the viewer’s like to a user', async () => {
    const post = await createPost(t.db, { userId: author.id, content: 'hello visitors' });
    const visitor = await call('GET', `/community/post/${post.id}`);
    expect(visitor.statusCode).toBe(200);
    expect(ZPostResponse.parse(visitor.json()).data).toMatchObject({
      id: post.id,
      content: 'hello visitors',
      is_like: false,
      thumbs: post.images,
    });
    await call('PUT', `/community/post/${post.id}/like`, other);
    expect((await call('GET', `/community/post/${post.id}`, other)).json().data).toMatchObject({
      is_like: true,
      like: 1,
    });
    expect((await call('GET', `/community/post/${post.id}`)).json().data.is_like).toBe(false);
    expect((await call('GET', '/community/post/999999')).statusCode).toBe(404);
  });

  it('shows the linked work only while it is published', async () => {
    const work = await createWork(t.db, { userId: author.id });
    const post = await createPost(t.db, { userId: author.id, workId: work.id });
    expect((await call('GET', `/community/post/${post.id}`)).json().data.work).toMatchObject({
      id: work.id,
    });
    await t.db.update(works).set({ status: 'rejected' }).where(eq(works.id, work.id));
    expect((await call('GET', `/community/post/${post.id}`)).json().data.work).toBeNull();
  });

  it('uses the upload’s thumbnail, and the image itself when there is none', async () => {
    const withThumb = await createPostImage(t.db, author.id);
    const plain = await storeUpload(t, author.id, 'post', Buffer.from('plain'), 'plain.webp');
    const post = await createPost(t.db, {
      userId: author.id,
      images: [plain.url, withThumb.url],
    });
    expect((await call('GET', `/community/post/${post.id}`)).json().data.thumbs).toEqual([
      plain.url,
      withThumb.thumbnail,
    ]);
  });
});
