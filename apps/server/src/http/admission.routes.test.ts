import { message } from '@layerline/contract';
import { inArray, sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { users, works } from '../db/schema';
import { signIn } from '../test/auth-helpers';
import { createUser, createWork } from '../test/factories';
import { createTestApp, type TTestApp } from '../test/test-app';

/**
 * ADR 0050: a burst of writes larger than the admission gate, on a small
 * gate in front of the pool: what cannot be let in is answered 503 with
 * Retry-After and the envelope, never 500, and every counter still equals
 * its rows. The writes let in are held on a row lock the test takes, so
 * which answers come first does not depend on the machine's speed.
 */
const CONCURRENCY = 2;
const QUEUE = 4;
const FANS = 6;
const TOGGLES_EACH = 8;
const BUSY_EN = message('en', 'serverBusy');

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      ADMISSION_CONCURRENCY: String(CONCURRENCY),
      ADMISSION_QUEUE: String(QUEUE),
      // Queued writes wait for the lock's release, however slow the machine.
      ADMISSION_WAIT_MS: '60000',
      // The fans' sessions, checked before the lock, stay trusted through the test.
      SESSION_CACHE_MS: '60000',
    },
  });
  // What a pool that gives no connection in time throws, bare and wrapped by Drizzle.
  const poolTimeout = () => new Error('timeout exceeded when trying to connect');
  t.app.post('/api/test/pool-timeout', async () => {
    throw poolTimeout();
  });
  t.app.post('/api/test/pool-timeout-wrapped', async () => {
    throw new DrizzleQueryError('select 1', [], poolTimeout());
  });
  t.app.post('/api/test/too-many-connections', async () => {
    throw Object.assign(new Error('sorry, too many clients already'), { code: '53300' });
  });
  t.app.post('/api/test/fault', async () => {
    throw new Error('a fault of ours');
  });
});

afterAll(async () => {
  await t.close();
});

/** Every like, favour and follow counter that differs from its rows. */
async function counterMismatches() {
  return queryRows<{ id: number }>(
    t.db,
    sql`
      select w.id from works w
      where w.like_count <> (select count(*) from work_likes l where l.work_id = w.id)
         or w.favor_count <> (select count(*) from work_favors f where f.work_id = w.id)
      union all
      select u.id from users u
      where u.fans_count <> (select count(*) from user_follows f where f.followee_id = u.id)
         or u.follow_count <> (select count(*) from user_follows f where f.follower_id = u.id)`,
  );
}

function expectBusy(res: LightMyRequestResponse, msg = BUSY_EN) {
  expect(res.statusCode).toBe(503);
  const body = res.json();
  expect(body).toEqual({ code: 503, msg, data: { retryAfter: expect.any(Number) } });
  expect(body.data.retryAfter).toBeGreaterThanOrEqual(1);
  expect(res.headers['retry-after']).toBe(String(body.data.retryAfter));
}

describe('a burst of writes larger than the admission gate (ADR 0050)', () => {
  it('answers 2xx or 503 with Retry-After, never 500, and keeps every counter exact', async () => {
    const makers = await Promise.all([createUser(t.db), createUser(t.db)]);
    const workList = await Promise.all(
      makers.flatMap((maker) => [1, 2].map(() => createWork(t.db, { userId: maker.id }))),
    );
    const fans = await Promise.all(Array.from({ length: FANS }, () => createUser(t.db)));
    const sessions = await Promise.all(fans.map((fan) => signIn(t, fan.id)));
    // Each fan's session is read once before the lock, as a signed-in reader's would be.
    for (const session of sessions) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/user/getinfo', ...session });
      expect(res.statusCode).toBe(200);
    }
    const burst = sessions.flatMap((session, fan) =>
      Array.from({ length: TOGGLES_EACH }, (_, i) => {
        const work = workList[(fan + i) % workList.length]?.id;
        const maker = makers[i % makers.length]?.id;
        const on = i % 3 !== 2;
        const [method, url] =
          i % 3 === 0
            ? [on ? 'PUT' : 'DELETE', `/api/v1/works/like/${work}`]
            : i % 3 === 1
              ? [on ? 'POST' : 'DELETE', `/api/v1/favor/${work}`]
              : [on ? 'POST' : 'DELETE', `/api/v1/follow/user/${maker}`];
        return {
          method: method as 'PUT' | 'POST' | 'DELETE',
          url,
          headers: { ...session.headers, 'content-language': i === 0 ? 'zh' : 'en' },
        };
      }),
    );
    const held = CONCURRENCY + QUEUE;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // The works and makers every toggle changes, locked until the refusals are in.
    const lock = t.db.transaction(async (tx) => {
      await tx
        .select({ id: works.id })
        .from(works)
        .where(
          inArray(
            works.id,
            workList.map((work) => work.id),
          ),
        )
        .for('update');
      await tx
        .select({ id: users.id })
        .from(users)
        .where(
          inArray(
            users.id,
            makers.map((maker) => maker.id),
          ),
        )
        .for('update');
      locked();
      await released;
    });
    await isLocked;
    let answered = 0;
    let refusedAll: () => void = () => {};
    const allRefused = new Promise<void>((resolve) => {
      refusedAll = resolve;
    });
    const answers = burst.map((request) =>
      t.app.inject(request).then((res) => {
        answered += 1;
        if (answered === burst.length - held) refusedAll();
        return res;
      }),
    );
    await allRefused;
    // The writes let in or queued are still waiting on the lock; the rest are answered.
    expect(answered).toBe(burst.length - held);
    // Every place and the queue are taken: a write is refused on arrival,
    // before its caller is checked (a bad token would otherwise be a 401).
    const unchecked = await t.app.inject({
      method: 'PUT',
      url: burst[0]?.url ?? '/',
      headers: { authorization: 'Bearer not-a-token', 'content-language': 'en' },
    });
    expectBusy(unchecked, BUSY_EN);
    release();
    await lock;
    const results = await Promise.all(answers);

    const statuses = results.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    expect(statuses.filter((status) => status === 200)).toHaveLength(held);
    results.forEach((res, i) => {
      if (res.statusCode !== 503) return;
      const isZh = burst[i]?.headers['content-language'] === 'zh';
      expectBusy(res, isZh ? message('zh', 'serverBusy') : BUSY_EN);
    });
    expect(await counterMismatches()).toEqual([]);
    // The gate is free again: the next write goes through.
    const after = await t.app.inject(burst[0] ?? { method: 'GET', url: '/' });
    expect(after.statusCode).toBe(200);
  });

  it('answers a pool that gives no connection in time with 503 and Retry-After, not 500', async () => {
    for (const url of [
      '/api/test/pool-timeout',
      '/api/test/pool-timeout-wrapped',
      '/api/test/too-many-connections',
    ]) {
      expectBusy(await t.app.inject({ method: 'POST', url }));
    }
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/test/pool-timeout',
      headers: { 'content-language': 'zh' },
    });
    expectBusy(zh, message('zh', 'serverBusy'));
    const fault = await t.app.inject({ method: 'POST', url: '/api/test/fault' });
    expect(fault.statusCode).toBe(500);
    expect(fault.headers['retry-after']).toBeUndefined();
  });
});
