import { API_ROUTES, apiPath } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workCategories } from '../db/schema';
import { createUserWithPassword, signIn, TEST_CAPTCHA } from '../test/auth-helpers';
import { binaryStl } from '../test/design-files';
import {
  createBanner,
  createCategory,
  createCollection,
  createUser,
  createWork,
} from '../test/factories';
import { routeAnswer } from '../test/kept-answers';
import { createTestApp, type TTestApp } from '../test/test-app';
import { storeUpload } from '../test/uploads';
import { COUNTING_READS, type TCountingReadName, WRITES } from './freshness';
import {
  address,
  expectOk,
  freshEmail,
  freshId,
  type TCtx,
  type TFixture,
} from './freshness.test-helpers';
import { ACCOUNT_FIXTURES } from './freshness-accounts.test-helpers';
import { CONTENT_FIXTURES } from './freshness-content.test-helpers';
import type { TWriteRouteName } from './freshness-tags';

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

/**
 * One fixture per write endpoint: the type makes a new write endpoint without
 * one a compile error. They run in this order, some on what earlier ones left
 * (ai.cancel cancels ai.create's job, notifications.read reads what the
 * likes and comments before it sent).
 */
const FIXTURES: { readonly [N in TWriteRouteName]: TFixture } = {
  ...ACCOUNT_FIXTURES,
  ...CONTENT_FIXTURES,
};

/**
 * One fixture per GET that moves a figure (COUNTING_READS): it answers 200
 * and the figure moved, or it would prove nothing about its entry.
 */
const COUNTING_FIXTURES: { readonly [N in TCountingReadName]: TFixture } = {
  // The reader's first download of the work today counts (SPEC 3 download_count).
  'works.download': {
    perform: async (c) => {
      const id = c.works[1] as number;
      const answer = await c.call('works.download', c.reader, { params: { id } });
      // The reader's detail (the kept one with their flags, ADR 0065) shows the count at once.
      const detail = await c.call('works.detail', c.reader, { params: { id } });
      expect((detail.json() as { data: { download_count: number } }).data.download_count).toBe(1);
      return answer;
    },
  },
};

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
    // The second work has a file to download (COUNTING_FIXTURES).
    const file = await storeUpload(a, maker.id, 'design', binaryStl(1, 'kept'), 'p.stl');
    for (let i = 0; i < 4; i += 1) {
      const work = await createWork(a.db, {
        userId: maker.id,
        title: `Cached work ${i}`,
        publishedAt: new Date(Date.now() - (i + 1) * 60_000),
        projectFile: i === 1 ? [file] : [],
      });
      await a.db.insert(workCategories).values({ workId: work.id, categoryId: category.id });
      works.push(work.id);
    }
    // Older works, so the pages past the first five (of one card) show some (ADR 0064).
    for (let i = 0; i < 4; i += 1) {
      const work = await createWork(a.db, {
        userId: maker.id,
        title: `Older work ${i}`,
        publishedAt: new Date(Date.now() - (i + 10) * 60_000),
      });
      await a.db.insert(workCategories).values({ workId: work.id, categoryId: category.id });
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
      // Deep pages: cut from the kept orders (ADR 0064), each kept whole from its second ask.
      `${feed}?page=6&pageSize=1`,
      `${feed}?page=7&pageSize=1`,
      `${feed}?category=${category.id}&page=6&pageSize=1`,
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

  /**
   * A design file's signed address (ADR 0009) is signed for a 10-minute
   * window and stays valid 10 more: a detail kept just before a window
   * turns carries the last window's, still good, where the route signs with
   * the new one. What the address is signed for is tested with the signer;
   * here the address itself must be the same.
   */
  const unsigned = (body: string) => body.replace(/expires=\d+&sig=[\w-]+/g, 'expires=…&sig=…');

  /** Every kept answer on A and B equals the route's own, once A's drops reached B. */
  async function expectFresh(name: string) {
    // A's drops reach B over Redis: waited for as events, not a time.
    await b.app.keptAnswers.appliedFrom(a.app.keptAnswers);
    for (const url of reads) {
      const expected = unsigned(await routeAnswer(c, url));
      for (const app of [a, b]) {
        const got = await app.app.inject({ method: 'GET', url });
        expect(unsigned(got.body), `${name}: ${url} on ${app === a ? 'A' : 'B'}`).toBe(expected);
      }
    }
  }

  it('has a fixture for each write of the table, and each GET that moves a figure', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(Object.keys(WRITES).sort());
    expect(Object.keys(COUNTING_FIXTURES).sort()).toEqual(Object.keys(COUNTING_READS).sort());
  });

  for (const name of Object.keys(FIXTURES) as TWriteRouteName[]) {
    it(`${name}: ${WRITES[name] === 'nothing' ? 'changes nothing kept' : 'drops what it changes'}`, async () => {
      const fixture = FIXTURES[name];
      await keepAll();
      expectOk(await fixture.perform(ctx), `${name}: `);
      await expectFresh(name);
    });
  }

  for (const name of Object.keys(COUNTING_FIXTURES) as TCountingReadName[]) {
    it(`${name}: a GET whose figure moved drops what shows it`, async () => {
      await keepAll();
      const moved = await COUNTING_FIXTURES[name].perform(ctx);
      expect(moved.statusCode, `${name}: ${moved.body}`).toBe(200);
      await expectFresh(name);
    });
  }
});

if (!redisUrl) {
  describe('every write leaves every kept answer fresh on two instances', () => {
    it.skip('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379)', () => {});
  });
}
