import { API_ROUTES, apiPath, type TApiRouteName } from '@layerline/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCategories } from '../db/schema';
import { signIn, type TSignedIn } from '../test/auth-helpers';
import {
  createBanner,
  createCategory,
  createCollection,
  createPost,
  createUser,
  createWork,
} from '../test/factories';
import { routeAnswer } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { workFixture } from '../test/works-fixture';
import { WRITES } from './freshness';
import { tag, type TWriteRouteName } from './freshness-tags';

/**
 * ADR 0044, from the contract: every write endpoint is performed on instance
 * A, and at once every kept answer on A and on B (sharing the database and
 * Redis) equals the route's own answer. No feed-version poll helps: it is
 * set to an hour. A write whose table entry misses an entity it changes
 * leaves a kept answer stale, and this fails.
 */
const redisUrl = process.env.TEST_REDIS_URL;

type TPerformed = LightMyRequestResponse;
type TCtx = {
  a: TTestApp;
  maker: TSignedIn & { id: number };
  reader: TSignedIn & { id: number };
  moderator: TSignedIn & { id: number };
  admin: TSignedIn & { id: number };
  works: number[];
  categoryId: number;
  call: (
    name: TApiRouteName,
    who: TSignedIn | null,
    options?: { params?: Record<string, string | number>; payload?: unknown; url?: string },
  ) => Promise<TPerformed>;
};
/** How to perform one write on A; `expect` the statuses it may end with (200 when absent). */
type TFixture = { perform: (c: TCtx) => Promise<TPerformed>; expect?: number[]; why?: string };

const profile = { nickname: 'Maker renamed', gender: 'confidential', birthday: '1990-01-01' };
/** The writes performed without the set-up their success needs; each says why that is enough. */
const NEEDS_MORE = [400, 401, 403, 404, 429];

/** One fixture per write endpoint: the type makes a new write endpoint without one a compile error. */
const FIXTURES: { readonly [N in TWriteRouteName]: TFixture } = {
  'auth.login': {
    perform: (c) => c.call('auth.login', null, { payload: { email: 'x@example.com' } }),
    expect: NEEDS_MORE,
    why: 'needs a captcha; changes sessions only',
  },
  'auth.refresh': {
    perform: (c) =>
      c.call('auth.refresh', null, { payload: { refresh_token: c.reader.refresh_token } }),
  },
  'auth.register': {
    perform: (c) => c.call('auth.register', null, { payload: { email: 'new@example.com' } }),
    expect: NEEDS_MORE,
    why: 'needs a mailed code; a new account is on no list',
  },
  'auth.resetCode': {
    perform: (c) => c.call('auth.resetCode', null, { payload: { email: 'x@example.com' } }),
    expect: [200, ...NEEDS_MORE],
  },
  'auth.resetPassword': {
    perform: (c) => c.call('auth.resetPassword', null, { payload: {} }),
    expect: NEEDS_MORE,
    why: 'needs a mailed code; changes a password only',
  },
  'auth.changePassword': {
    perform: (c) => c.call('auth.changePassword', c.reader, { payload: {} }),
    expect: NEEDS_MORE,
    why: 'needs the encrypted passwords; changes a password only',
  },
  'users.update': { perform: (c) => c.call('users.update', c.maker, { payload: profile }) },
  'points.signin': { perform: (c) => c.call('points.signin', c.reader) },
  'ai.create': {
    perform: (c) => c.call('ai.create', c.reader, { payload: {} }),
    expect: NEEDS_MORE,
    why: 'an AI job is its owner’s alone',
  },
  'ai.cancel': {
    perform: (c) => c.call('ai.cancel', c.reader, { params: { id: 999_999 } }),
    expect: NEEDS_MORE,
    why: 'an AI job is its owner’s alone',
  },
  'ai.delete': {
    perform: (c) => c.call('ai.delete', c.reader, { params: { id: 999_999 } }),
    expect: NEEDS_MORE,
    why: 'an AI job is its owner’s alone',
  },
  'files.upload': {
    perform: (c) => c.call('files.upload', c.reader),
    expect: NEEDS_MORE,
    why: 'an upload is its uploader’s until a work names it',
  },
  'files.uploadAlias': {
    perform: (c) => c.call('files.uploadAlias', c.reader),
    expect: NEEDS_MORE,
    why: 'as files.upload',
  },
  'files.batchUpload': {
    perform: (c) => c.call('files.batchUpload', c.reader),
    expect: NEEDS_MORE,
    why: 'as files.upload',
  },
  'search.deleteHistory': {
    perform: (c) => c.call('search.deleteHistory', c.reader, { payload: {} }),
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
    perform: (c) =>
      c.call('moderation.report', c.reader, {
        payload: { kind: 'work', id: c.works[1], reason: 'spam' },
      }),
  },
  'admin.setRole': {
    perform: (c) =>
      c.call('admin.setRole', c.admin, { params: { id: c.reader.id }, payload: { role: 'user' } }),
  },
  'admin.suspend': {
    perform: (c) =>
      c.call('admin.suspend', c.admin, { params: { id: c.reader.id }, payload: { reason: 'x' } }),
  },
  'admin.unsuspend': {
    perform: (c) => c.call('admin.unsuspend', c.admin, { params: { id: c.reader.id } }),
  },
  'admin.resolveReport': {
    perform: (c) =>
      c.call('admin.resolveReport', c.admin, {
        params: { id: 1 },
        payload: { status: 'dismissed', reason: '' },
      }),
    expect: [200, ...NEEDS_MORE],
  },
  'admin.setFeedbackStatus': {
    perform: (c) =>
      c.call('admin.setFeedbackStatus', c.admin, {
        params: { id: 999_999 },
        payload: { status: 'closed' },
      }),
    expect: NEEDS_MORE,
    why: 'feedback is read in the console only',
  },
  'admin.setSensitiveWords': {
    perform: (c) => c.call('admin.setSensitiveWords', c.admin, { payload: { words: [] } }),
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
    perform: (c) => c.call('feedback.submit', c.reader, { payload: {} }),
    expect: [200, ...NEEDS_MORE],
    why: 'feedback is read in the console only',
  },
  'feedback.upload': {
    perform: (c) => c.call('feedback.upload', c.reader),
    expect: NEEDS_MORE,
    why: 'feedback images are read in the console only',
  },
  'notifications.read': {
    perform: (c) => c.call('notifications.read', c.maker, { payload: {} }),
    expect: [200, ...NEEDS_MORE],
  },
  'notifications.sendSystem': {
    perform: (c) =>
      c.call('notifications.sendSystem', c.admin, { payload: { content: 'Hello all' } }),
    expect: [200, ...NEEDS_MORE],
  },
};

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
    a = await createTestApp({ env });
    b = await createTestApp({ env, database: a.database });
    c = await createTestApp({ database: a.database });
    for (const app of [a, b]) app.app.keptAnswers.feedVersionPollMs = 3_600_000;
    const role = async (r: 'user' | 'moderator' | 'admin') => {
      const user = await createUser(a.db, { role: r });
      return { ...(await signIn(a, user.id, { role: r })), id: user.id };
    };
    const maker = await role('user');
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
      works,
      categoryId: category.id,
      call: (name, who, options = {}) =>
        a.app.inject({
          method: API_ROUTES[name].method,
          url: options.url ?? apiPath(name, options.params as never),
          headers: who ? who.headers : {},
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
      const answer = await fixture.perform(ctx);
      expect(fixture.expect ?? [200], `${name}: ${answer.body}`).toContain(answer.statusCode);
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
