import { randomInt } from 'node:crypto';
import { API_ROUTES, apiPath, Code, type TApiRouteName } from '@layerline/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCategories } from '../db/schema';
import {
  createUserWithPassword,
  lastCodeFor,
  loginThroughApi,
  signIn,
  TEST_CAPTCHA,
  type TSignedIn,
} from '../test/auth-helpers';
import { binaryStl } from '../test/design-files';
import { grayRamp } from '../test/engine-images';
import {
  createBanner,
  createCategory,
  createCollection,
  createPost,
  createUser,
  createWork,
} from '../test/factories';
import { routeAnswer } from '../test/kept-answers';
import { encryptPassword, encryptWithKey, newEncryptionKey } from '../test/password-cipher';
import { createTestApp, type TTestApp } from '../test/test-app';
import { multipartBody, storeUpload, type TMultipartFile } from '../test/uploads';
import { workFixture } from '../test/works-fixture';
import { WRITES } from './freshness';
import { type TWriteRouteName, tag } from './freshness-tags';

/**
 * ADR 0044, from the contract: every write endpoint is performed on instance
 * A, and at once every kept answer on A and on B (sharing the database and
 * Redis) equals the route's own answer. No feed-version poll helps: it is
 * set to an hour. A write whose table entry misses an entity it changes
 * leaves a kept answer stale, and this fails. Every write succeeds (status
 * and envelope code 200) with the set-up it needs (captcha, mailed codes,
 * uploads, queued AI jobs): a write that fails changes nothing, so it would
 * prove nothing about its entry.
 */
const redisUrl = process.env.TEST_REDIS_URL;

type TPerformed = LightMyRequestResponse;
type TUser = TSignedIn & { id: number };
type TCtx = {
  a: TTestApp;
  maker: TUser;
  reader: TUser;
  moderator: TUser;
  admin: TUser;
  /** A user with a real password and e-mail, for the auth writes; `password` is its current one. */
  keyholder: { id: number; email: string; password: string };
  works: number[];
  categoryId: number;
  /** The reader's AI job (ai.create) and the reader's report (moderation.report). */
  aiJob?: number;
  report?: number;
  call: (
    name: TApiRouteName,
    who: TSignedIn | null,
    options?: {
      params?: Record<string, string | number>;
      payload?: unknown;
      headers?: Record<string, string>;
      url?: string;
    },
  ) => Promise<TPerformed>;
};
/** How to perform one write on A, with the set-up its success needs: it must answer 200, code 200. */
type TFixture = { perform: (c: TCtx) => Promise<TPerformed> };

/**
 * Redis keeps rate-limit counters between runs (per user, address and
 * e-mail): every run has users, an address and e-mails of its own.
 */
const freshId = () => 1_000_000 + randomInt(1e9);
const freshEmail = (who: string) => `${who}${randomInt(1e9)}@example.test`;
const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;

const profile = { nickname: 'Maker renamed', gender: 'confidential', birthday: '1990-01-01' };
/** A design file of its own bytes (storage is content-addressed). */
const stl = (field = 'file'): TMultipartFile => ({
  field,
  data: binaryStl(1, `cached part ${randomInt(1e9)}`),
  name: 'part.stl',
  type: 'model/stl',
});

/** One fixture per write endpoint: the type makes a new write endpoint without one a compile error. */
const FIXTURES: { readonly [N in TWriteRouteName]: TFixture } = {
  'auth.login': {
    perform: (c) =>
      loginThroughApi(c.a, c.keyholder.email, c.keyholder.password, { remoteAddress: address }),
  },
  'auth.refresh': {
    perform: (c) =>
      c.call('auth.refresh', null, { payload: { refresh_token: c.reader.refresh_token } }),
  },
  'auth.register': {
    perform: async (c) => {
      const email = freshEmail('newcomer');
      expectOk(await c.call('auth.registerCode', null, { params: { email } }));
      const encryptionKey = newEncryptionKey();
      return c.call('auth.register', null, {
        payload: {
          username: email,
          password: encryptWithKey('secret123', encryptionKey),
          confirmPassword: encryptWithKey('secret123', encryptionKey),
          code: await lastCodeFor(c.a, email),
          uuid: '',
          isAgree: true,
          encryptionKey,
        },
      });
    },
  },
  'auth.resetCode': {
    perform: (c) => c.call('auth.resetCode', null, { payload: { email: c.keyholder.email } }),
  },
  // With the code auth.resetCode mailed (one code per address per 120 s).
  'auth.resetPassword': {
    perform: async (c) => {
      const answer = await c.call('auth.resetPassword', null, {
        payload: {
          email: c.keyholder.email,
          ...encryptPassword('newsecret1'),
          code: await lastCodeFor(c.a, c.keyholder.email),
          uuid: '',
        },
      });
      if (answer.statusCode === 200) c.keyholder.password = 'newsecret1';
      return answer;
    },
  },
  'auth.changePassword': {
    perform: async (c) => {
      const session = await signIn(c.a, c.keyholder.id);
      const answer = await c.call('auth.changePassword', session, {
        payload: {
          oldPassword: c.keyholder.password,
          newPassword: 'changed123',
          confirmPassword: 'changed123',
        },
      });
      if (answer.statusCode === 200) c.keyholder.password = 'changed123';
      return answer;
    },
  },
  'users.update': { perform: (c) => c.call('users.update', c.maker, { payload: profile }) },
  'points.signin': { perform: (c) => c.call('points.signin', c.reader) },
  // A job of the local engines, queued: the API's app runs no AI worker.
  'ai.create': {
    perform: async (c) => {
      const ramp = await grayRamp(16, 16);
      const image = await storeUpload(c.a, c.reader.id, 'ai', ramp, 'r.png', 'image/png');
      const answer = await c.call('ai.create', c.reader, {
        payload: { kind: 'laser_image', params: { imageUrl: image.url } },
      });
      c.aiJob = (answer.json() as { data?: { id: number } }).data?.id;
      return answer;
    },
  },
  'ai.cancel': {
    perform: (c) => c.call('ai.cancel', c.reader, { params: { id: c.aiJob as number } }),
  },
  // The cancelled job's record.
  'ai.delete': {
    perform: (c) => c.call('ai.delete', c.reader, { params: { id: c.aiJob as number } }),
  },
  'files.upload': {
    perform: (c) => sendForm(c, 'files.upload', { kind: 'design' }, [stl()]),
  },
  'files.uploadAlias': {
    perform: (c) => sendForm(c, 'files.uploadAlias', { kind: 'design' }, [stl()]),
  },
  'files.batchUpload': {
    perform: (c) =>
      sendForm(c, 'files.batchUpload', { kind: 'design' }, [stl('files'), stl('files')]),
  },
  // A signed-in search records it (DESIGN 1): there is history to delete.
  'search.deleteHistory': {
    perform: async (c) => {
      const query = encodeURIComponent('cached work');
      const searched = await c.call('feed.home', c.reader, {
        url: `${apiPath('feed.home')}?query=${query}`,
      });
      expectOk(searched);
      const answer = await c.call('search.deleteHistory', c.reader, { payload: {} });
      expect(answer.json(), answer.body).toMatchObject({ data: { count: 1 } });
      return answer;
    },
  },
  'works.create': {
    perform: async (c) => {
      const { form } = await fixtureFiles(c);
      const answer = await c.call('works.create', c.maker, {
        payload: form({ title: 'Cached work freshly published', categories: [c.categoryId] }),
      });
      c.works.push((answer.json() as { data: { id: number } }).data.id);
      return answer;
    },
  },
  'works.update': {
    perform: async (c) => {
      const { form } = await fixtureFiles(c);
      const id = c.works[0] as number;
      return c.call('works.update', c.maker, {
        payload: { ...form({ title: 'Cached work renamed', categories: [c.categoryId] }), id },
      });
    },
  },
  'works.delete': {
    perform: (c) => c.call('works.delete', c.maker, { params: { id: c.works.pop() as number } }),
  },
  'works.appeal': {
    perform: async (c) => {
      const rejected = await createWork(c.a.db, { userId: c.maker.id, status: 'rejected' });
      return c.call('works.appeal', c.maker, {
        payload: { work_id: rejected.id, appeal_reason: 'Please look again' },
      });
    },
  },
  'moderation.approve': {
    perform: async (c) => {
      const waiting = await createWork(c.a.db, {
        userId: c.maker.id,
        status: 'in_review',
        title: 'Cached work approved',
      });
      c.works.push(waiting.id);
      return c.call('moderation.approve', c.moderator, { params: { id: waiting.id } });
    },
  },
  'moderation.reject': {
    perform: (c) =>
      c.call('moderation.reject', c.moderator, {
        params: { id: c.works.pop() as number },
        payload: { reason: 'Not a work' },
      }),
  },
  'moderation.report': {
    perform: async (c) => {
      const answer = await c.call('moderation.report', c.reader, {
        payload: { kind: 'work', id: c.works[1], reason: 'spam' },
      });
      c.report = (answer.json() as { data?: { id: number } }).data?.id;
      return answer;
    },
  },
  // A change of role (the keyholder is a user until now).
  'admin.setRole': {
    perform: (c) =>
      c.call('admin.setRole', c.admin, {
        params: { id: c.keyholder.id },
        payload: { role: 'moderator' },
      }),
  },
  'admin.suspend': {
    perform: (c) =>
      c.call('admin.suspend', c.admin, { params: { id: c.reader.id }, payload: { reason: 'x' } }),
  },
  'admin.unsuspend': {
    perform: (c) => c.call('admin.unsuspend', c.admin, { params: { id: c.reader.id } }),
  },
  // The reader's report of moderation.report.
  'admin.resolveReport': {
    perform: (c) =>
      c.call('admin.resolveReport', c.admin, {
        params: { id: c.report as number },
        payload: { status: 'dismissed', reason: '' },
      }),
  },
  'admin.setFeedbackStatus': {
    perform: async (c) => {
      const sent = await c.call('feedback.submit', c.reader, {
        payload: { suggestion: 'Please add a dark mode' },
      });
      expectOk(sent);
      return c.call('admin.setFeedbackStatus', c.admin, {
        params: { id: (sent.json() as { data: { id: number } }).data.id },
        payload: { status: 'closed' },
      });
    },
  },
  // A word of every kept work's title: new text is checked against the words, kept text is not.
  'admin.setSensitiveWords': {
    perform: (c) => c.call('admin.setSensitiveWords', c.admin, { payload: { words: ['cached'] } }),
  },
  'admin.deletePost': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('admin.deletePost', c.admin, { params: { id: post.id } });
    },
  },
  'admin.deleteComment': {
    perform: async (c) => {
      const id = await comment(c, c.works[1] as number);
      return c.call('admin.deleteComment', c.admin, { params: { id } });
    },
  },
  'admin.checkAiProvider': {
    perform: (c) => c.call('admin.checkAiProvider', c.admin, { params: { id: 'openaiImages' } }),
  },
  'social.like': {
    perform: (c) => c.call('social.like', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.unlike': {
    perform: (c) => c.call('social.unlike', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.favor': {
    perform: (c) => c.call('social.favor', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.unfavor': {
    perform: (c) => c.call('social.unfavor', c.reader, { params: { id: c.works[1] as number } }),
  },
  'social.follow': {
    perform: (c) => c.call('social.follow', c.reader, { params: { id: c.maker.id } }),
  },
  'social.unfollow': {
    perform: (c) => c.call('social.unfollow', c.reader, { params: { id: c.maker.id } }),
  },
  'comments.put': {
    perform: (c) =>
      c.call('comments.put', c.reader, { payload: { work_id: c.works[1], content: 'Nice' } }),
  },
  'comments.delete': {
    perform: async (c) => {
      const id = await comment(c, c.works[1] as number);
      return c.call('comments.delete', c.reader, { params: { id } });
    },
  },
  'community.create': {
    perform: (c) => c.call('community.create', c.reader, { payload: { content: 'Hello' } }),
  },
  'community.update': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('community.update', c.reader, {
        params: { postId: post.id },
        payload: { content: 'Edited' },
      });
    },
  },
  'community.delete': {
    perform: async (c) => {
      const post = await createPost(c.a.db, { userId: c.reader.id });
      await c.a.app.keptAnswers.drop([tag.posts, tag.post(post.id)]);
      return c.call('community.delete', c.reader, { params: { postId: post.id } });
    },
  },
  'community.like': {
    perform: async (c) => c.call('community.like', c.maker, { params: { postId: await post(c) } }),
  },
  'community.unlike': {
    perform: async (c) =>
      c.call('community.unlike', c.maker, { params: { postId: await post(c) } }),
  },
  'community.putComment': {
    perform: async (c) =>
      c.call('community.putComment', c.maker, {
        payload: { post_id: await post(c), content: 'Reply' },
      }),
  },
  'community.deleteComment': {
    perform: async (c) => {
      const answer = await c.call('community.putComment', c.maker, {
        payload: { post_id: await post(c), content: 'To go' },
      });
      const { data } = answer.json() as { data: { ID?: number; id?: number } };
      return c.call('community.deleteComment', c.maker, {
        params: { id: data.ID ?? data.id ?? 0 },
      });
    },
  },
  'feedback.submit': {
    perform: (c) =>
      c.call('feedback.submit', c.reader, {
        payload: { suggestion: 'The pages load fast', contact: '', picture: [] },
      }),
  },
  'feedback.upload': {
    perform: async (c) =>
      sendForm(c, 'feedback.upload', {}, [
        { data: await grayRamp(24, 16), name: 'bug.png', type: 'image/png' },
      ]),
  },
  // The reader's likes, follows and comments above left the maker unread notifications.
  'notifications.read': {
    perform: async (c) => {
      const unread = await c.call('notifications.unread', c.maker);
      expect(
        (unread.json() as { data: { total: number } }).data.total,
        unread.body,
      ).toBeGreaterThan(0);
      return c.call('notifications.read', c.maker, { payload: {} });
    },
  },
  'notifications.sendSystem': {
    perform: (c) =>
      c.call('notifications.sendSystem', c.admin, {
        payload: { title: 'Maintenance', content: 'Hello all' },
      }),
  },
};

/** A success: status 200 and envelope code 200 (DESIGN 3). */
function expectOk(answer: TPerformed, label = '') {
  expect(answer.statusCode, `${label}${answer.body}`).toBe(200);
  expect((answer.json() as { code: unknown }).code, `${label}${answer.body}`).toBe(Code.OK);
}

/** A multipart form from the reader, as a browser's FormData sends it. */
async function sendForm(
  c: TCtx,
  name: TApiRouteName,
  fields: Record<string, string>,
  parts: TMultipartFile[],
) {
  const form = await multipartBody(fields, parts);
  return c.call(name, c.reader, { payload: form.payload, headers: form.headers });
}

/** A work's files and categories, written straight to the database: their drop goes with them. */
async function fixtureFiles(c: TCtx) {
  const fixture = await workFixture(c.a, c.maker.id);
  await c.a.app.keptAnswers.drop([tag.catalogue]);
  return fixture;
}

/** A comment by the reader through the API (itself a write that drops what it changes). */
async function comment(c: TCtx, workId: number): Promise<number> {
  const answer = await c.call('comments.put', c.reader, {
    payload: { work_id: workId, content: 'To be deleted' },
  });
  return (answer.json() as { data: { ID?: number; id?: number } }).data.ID ?? 0;
}

let kept: { post?: number } = {};
async function post(c: TCtx): Promise<number> {
  if (kept.post === undefined) {
    const created = await c.call('community.create', c.reader, { payload: { content: 'Post' } });
    kept = { post: (created.json() as { data: { id: number } }).data.id };
  }
  return kept.post as number;
}

describe.skipIf(!redisUrl)('every write leaves every kept answer fresh on two instances', () => {
  let a: TTestApp;
  let b: TTestApp;
  /** Answers the reads from nothing kept: the reference. */
  let c: TTestApp;
  let ctx: TCtx;
  let reads: string[];

  beforeAll(async () => {
    const env = { REDIS_URL: redisUrl };
    a = await createTestApp({ env: { ...env, AUTH_TEST_CAPTCHA: TEST_CAPTCHA } });
    b = await createTestApp({ env, database: a.database });
    c = await createTestApp({ database: a.database });
    for (const app of [a, b]) app.app.keptAnswers.feedVersionPollMs = 3_600_000;
    const role = async (r: 'user' | 'moderator' | 'admin') => {
      const user = await createUser(a.db, { role: r, id: freshId() });
      return { ...(await signIn(a, user.id, { role: r })), id: user.id };
    };
    const maker = await role('user');
    const keyholder = { email: freshEmail('keyholder'), password: 'secret123' };
    const { id: keyholderId } = await createUserWithPassword(a.db, keyholder.password, {
      id: freshId(),
      email: keyholder.email,
    });
    const category = await createCategory(a.db, { nameEn: 'Cached things' });
    const works: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const work = await createWork(a.db, {
        userId: maker.id,
        title: `Cached work ${i}`,
        publishedAt: new Date(Date.now() - (i + 1) * 60_000),
      });
      await a.db.insert(workCategories).values({ workId: work.id, categoryId: category.id });
      works.push(work.id);
    }
    const collection = await createCollection(a.db, { workIds: works.slice(0, 2) });
    await createBanner(a.db);
    ctx = {
      a,
      maker,
      reader: await role('user'),
      moderator: await role('moderator'),
      admin: await role('admin'),
      keyholder: { ...keyholder, id: keyholderId },
      works,
      categoryId: category.id,
      call: (name, who, options = {}) =>
        a.app.inject({
          method: API_ROUTES[name].method,
          url: options.url ?? apiPath(name, options.params as never),
          remoteAddress: address,
          headers: { ...options.headers, ...who?.headers },
          ...(options.payload === undefined ? {} : { payload: options.payload as never }),
        }),
    };
    const feed = apiPath('feed.home');
    reads = [
      feed,
      `${feed}?category=${category.id}`,
      `${feed}?sort=likes`,
      `${feed}?query=${encodeURIComponent('cached work')}`,
      ...works.map((id) => apiPath('works.detail', { id })),
      apiPath('collections.list'),
      apiPath('collections.info', { id: collection.id }),
      apiPath('collections.works', { id: collection.id }),
      apiPath('catalog.categories'),
      apiPath('banners.list'),
    ];
  });

  afterAll(async () => {
    await c?.close();
    await b?.close();
    await a?.close();
  });

  /** Every read kept on both instances (a search from its second ask, ADR 0037). */
  async function keepAll() {
    for (const app of [a, b]) {
      for (const url of reads) {
        await app.app.inject({ method: 'GET', url });
        await app.app.inject({ method: 'GET', url });
      }
    }
  }

  it('has a fixture for each write of the table', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(WRITES).sort());
  });

  for (const name of Object.keys(FIXTURES) as TWriteRouteName[]) {
    it(`${name}: ${WRITES[name] === 'nothing' ? 'changes nothing kept' : 'drops what it changes'}`, async () => {
      const fixture = FIXTURES[name];
      await keepAll();
      expectOk(await fixture.perform(ctx), `${name}: `);
      // A's drops reach B over Redis: waited for as events, not a time.
      await b.app.keptAnswers.appliedFrom(a.app.keptAnswers);
      for (const url of reads) {
        const expected = await routeAnswer(c, url);
        for (const app of [a, b]) {
          const got = await app.app.inject({ method: 'GET', url });
          expect(got.body, `${name}: ${url} on ${app === a ? 'A' : 'B'}`).toBe(expected);
        }
      }
    });
  }
});

if (!redisUrl) {
  describe('every write leaves every kept answer fresh on two instances', () => {
    it.skip('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)', () => {});
  });
}
