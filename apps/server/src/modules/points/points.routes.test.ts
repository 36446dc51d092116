import {
  ZPointsLedgerResponse,
  ZPointsSigninResponse,
  ZPointsSummaryResponse,
  ZPointsTasksResponse,
  ZUserInfoResponse,
} from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsLedger } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { signIn } from '../../test/auth-helpers';
import { createUser, createWork } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { changePoints } from './points.ledger';

let t: TTestApp;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const DAY = 24 * 60 * 60 * 1000;

type TWho = { id: number; headers: { authorization: string } };
async function who(overrides: Parameters<typeof createUser>[1] = {}): Promise<TWho> {
  const user = await createUser(t.db, overrides);
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}
const call = (method: 'GET' | 'POST', url: string, as?: TWho, locale = 'en') =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': locale },
  });

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      POINTS_DAILY_ALLOWANCE: '20',
      POINTS_TASK_SIGNIN: '3',
      POINTS_TASK_PROFILE: '4',
      POINTS_TASK_FIRST_WORK: '6',
      POINTS_TASK_FIRST_POST: '5',
    },
  });
});
afterAll(async () => {
  await t.close();
});

describe('points API', () => {
  it('is documented in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const path of ['/api/v1/points', '/api/v1/points/ledger', '/api/v1/points/tasks']) {
      expect(spec.paths[path]?.get?.tags).toEqual(['points']);
    }
    expect(spec.paths['/api/v1/points/tasks/signin']?.post?.tags).toEqual(['points']);
  });

  it('requires login', async () => {
    for (const [method, url] of [
      ['GET', '/points'],
      ['GET', '/points/ledger'],
      ['GET', '/points/tasks'],
      ['POST', '/points/tasks/signin'],
    ] as const) {
      expect((await call(method, url)).statusCode).toBe(401);
    }
  });

  it('tops up to the allowance on the first request and says points are not cash', async () => {
    const me = await who();
    const reply = await call('GET', '/points', me);
    expect(reply.statusCode, reply.body).toBe(200);
    const { data } = ZPointsSummaryResponse.parse(reply.json());
    expect(data.balance).toBe(20);
    expect(data.allowanceGrantedToday).toBe(true);
    expect(data.allowanceGrantedAmount).toBe(20);
    expect(data.cashConvertible).toBe(false);
    expect(data.note).toBe('Points are not convertible to cash.');
    expect(new Date(data.nextRefreshAt).getTime()).toBeGreaterThan(clock().getTime());
    const zh = ZPointsSummaryResponse.parse((await call('GET', '/points', me, 'zh')).json());
    expect(zh.data.note).toBe('积分不可兑换为现金。');
    expect(zh.data.balance).toBe(20);
  });

  it('getinfo.points is the live balance after the allowance', async () => {
    const me = await who();
    const reply = await call('GET', '/user/getinfo', me);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(ZUserInfoResponse.parse(reply.json()).data.points).toBe(20);
  });

  it('pages the own ledger newest first and never shows another user’s rows', async () => {
    const me = await who();
    const other = await who();
    await call('GET', '/points', me);
    await call('GET', '/points', other);
    for (let i = 1; i <= 3; i++) {
      await new UnitOfWork(t.db).run((tx) =>
        changePoints(tx, {
          userId: me.id,
          delta: -i,
          reason: 'ai_charge',
          refType: 'ai_job',
          refId: String(i),
        }),
      );
    }
    const first = ZPointsLedgerResponse.parse(
      (await call('GET', '/points/ledger?page=1&size=2', me)).json(),
    );
    expect(first.total).toBe(4);
    expect(first.data.map((r) => [r.delta, r.balanceAfter])).toEqual([
      [-3, 14],
      [-2, 17],
    ]);
    const second = ZPointsLedgerResponse.parse(
      (await call('GET', '/points/ledger?page=2&size=2', me)).json(),
    );
    expect(second.data.map((r) => [r.reason, r.delta])).toEqual([
      ['ai_charge', -1],
      ['daily_allowance', 20],
    ]);
    const theirs = ZPointsLedgerResponse.parse((await call('GET', '/points/ledger', other)).json());
    expect(theirs.total).toBe(1);
    expect(theirs.data.every((r) => r.reason === 'daily_allowance')).toBe(true);
    expect((await call('GET', '/points/ledger?size=1000', me)).statusCode).toBe(400);
  });

  it('answers a charge beyond the balance with the SPEC 8 message and keeps the balance', async () => {
    const me = await who();
    await call('GET', '/points', me);
    const error = await new UnitOfWork(t.db)
      .run((tx) => changePoints(tx, { userId: me.id, delta: -21, reason: 'ai_charge' }))
      .catch((e: unknown) => e);
    expect(String((error as Error).message)).toBe('insufficientPoints');
    const { data } = ZPointsSummaryResponse.parse((await call('GET', '/points', me)).json());
    expect(data.balance).toBe(20);
  });

  it('signs in once per local day', async () => {
    const me = await who();
    const first = await call('POST', '/points/tasks/signin', me);
    expect(first.statusCode, first.body).toBe(200);
    expect(ZPointsSigninResponse.parse(first.json()).data).toEqual({ awarded: 3, balance: 23 });
    const again = await call('POST', '/points/tasks/signin', me, 'zh');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 400, msg: '今天已经签到过了。' });
    const tasks = ZPointsTasksResponse.parse((await call('GET', '/points/tasks', me)).json());
    expect(tasks.data.find((x) => x.task === 'signin')?.completed).toBe(true);
    await new UnitOfWork(t.db).run((tx) =>
      changePoints(tx, { userId: me.id, delta: -10, reason: 'ai_charge' }),
    );
    offsetMs += DAY;
    try {
      // The access token of yesterday has expired: log in again on the new day.
      const later = { id: me.id, headers: (await signIn(t, me.id, { clock })).headers };
      const tomorrow = await call('POST', '/points/tasks/signin', later);
      expect(tomorrow.statusCode, tomorrow.body).toBe(200);
      // A new day: 13 topped up to 20 (free points do not accumulate), then the reward.
      expect(ZPointsSigninResponse.parse(tomorrow.json()).data).toEqual({
        awarded: 3,
        balance: 23,
      });
    } finally {
      offsetMs -= DAY;
    }
  });

  it('awards profile and first work once; first post is open but not done', async () => {
    const me = await who({ avatar: '/files/a.webp', nickname: 'Ada', bio: 'I print' });
    await createWork(t.db, { userId: me.id, status: 'published', publishedAt: clock() });
    await call('GET', '/points', me);
    const tasks = ZPointsTasksResponse.parse((await call('GET', '/points/tasks', me)).json()).data;
    expect(tasks.map((x) => [x.task, x.completed, x.available])).toEqual([
      ['first_work', true, true],
      ['first_post', false, true],
      ['signin', false, true],
      ['profile', true, true],
    ]);
    await call('GET', '/points/tasks', me);
    const { data } = ZPointsSummaryResponse.parse((await call('GET', '/points', me)).json());
    expect(data.balance).toBe(30);

    // Reading the balance alone is enough: the day's top-up, then the profile reward.
    const complete = await who({ avatar: '/files/b.webp', nickname: 'Bo', bio: 'Laser' });
    const summary = ZPointsSummaryResponse.parse((await call('GET', '/points', complete)).json());
    expect(summary.data.balance).toBe(24);

    const bare = await who({ avatar: '', bio: '' });
    const bareTasks = ZPointsTasksResponse.parse(
      (await call('GET', '/points/tasks', bare)).json(),
    ).data;
    expect(bareTasks.filter((x) => x.completed)).toEqual([]);
  });

  it('credits the first community post once, in the transaction that writes it', async () => {
    const me = await who({ avatar: '', bio: '' });
    const balance = async () =>
      ZPointsSummaryResponse.parse((await call('GET', '/points', me)).json()).data.balance;
    const before = await balance();
    const post = (content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/community/post',
        headers: { ...me.headers, 'content-type': 'application/json' },
        payload: { content },
      });
    expect((await post('My first print in the community')).statusCode).toBe(200);
    // Already in the ledger before anything reads the points: reading them would
    // also award it (the backfill), so only the row proves the posting did.
    const credited = await t.db
      .select({ delta: pointsLedger.delta })
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, me.id), eq(pointsLedger.refId, 'first_post')));
    expect(credited).toEqual([{ delta: 5 }]);
    expect(await balance()).toBe(before + 5);
    const tasks = ZPointsTasksResponse.parse((await call('GET', '/points/tasks', me)).json()).data;
    expect(tasks.find((x) => x.task === 'first_post')).toMatchObject({ completed: true });
    // Once only: a second post earns nothing more.
    expect((await post('And a second one')).statusCode).toBe(200);
    expect(await balance()).toBe(before + 5);
    // A refused post (SPEC 5: text required) earns nothing for someone who never posted.
    const other = await who({ avatar: '', bio: '' });
    const otherBefore = ZPointsSummaryResponse.parse((await call('GET', '/points', other)).json())
      .data.balance;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/community/post',
      headers: { ...other.headers, 'content-type': 'application/json' },
      payload: { content: '   ' },
    });
    expect(refused.statusCode).toBe(400);
    const otherAfter = ZPointsSummaryResponse.parse((await call('GET', '/points', other)).json())
      .data.balance;
    expect(otherAfter).toBe(otherBefore);
  });
});
