import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDatabaseHandle } from '../../db/client';
import { pointsClaims, pointsLedger, users } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { isAppError } from '../../http/app-error';
import { createUser } from '../../test/factories';
import { createTestDatabase } from '../../test/test-database';
import { changePoints, ensureDailyAllowance, localDate, nextLocalMidnight } from './points.ledger';

let handle: TDatabaseHandle;
let uow: UnitOfWork;
beforeAll(async () => {
  handle = await createTestDatabase();
  uow = new UnitOfWork(handle.db);
});
afterAll(async () => {
  await handle.close();
});

const settings = { amount: 20, timeZone: 'Asia/Shanghai' };

async function balanceOf(userId: number) {
  const [row] = await handle.db
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, userId));
  return row?.points;
}

async function lastBalanceAfter(userId: number) {
  const [row] = await handle.db
    .select({ balanceAfter: pointsLedger.balanceAfter })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId))
    .orderBy(desc(pointsLedger.id))
    .limit(1);
  return row?.balanceAfter;
}

describe('changePoints', () => {
  it('updates the balance and appends one ledger row with the balance after', async () => {
    const user = await createUser(handle.db);
    const result = await uow.run((tx) =>
      changePoints(tx, { userId: user.id, delta: 7, reason: 'admin_grant', note: 'welcome' }),
    );
    expect(result.balance).toBe(7);
    const charged = await uow.run((tx) =>
      changePoints(tx, {
        userId: user.id,
        delta: -3,
        reason: 'ai_charge',
        refType: 'ai_job',
        refId: '42',
      }),
    );
    expect(charged.balance).toBe(4);
    const rows = await handle.db
      .select()
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id))
      .orderBy(pointsLedger.id);
    expect(rows.map((r) => [r.delta, r.reason, r.balanceAfter, r.refType, r.refId])).toEqual([
      [7, 'admin_grant', 7, null, null],
      [-3, 'ai_charge', 4, 'ai_job', '42'],
    ]);
    expect(await balanceOf(user.id)).toBe(4);
  });

  it('refuses to go below 0 with SPEC 8 insufficient points and writes nothing', async () => {
    const user = await createUser(handle.db, { points: 2 });
    const error = await uow
      .run((tx) => changePoints(tx, { userId: user.id, delta: -3, reason: 'ai_charge' }))
      .catch((e: unknown) => e);
    expect(isAppError(error) && error.messageKey).toBe('insufficientPoints');
    expect(isAppError(error) && error.statusCode).toBe(400);
    expect(await balanceOf(user.id)).toBe(2);
    expect(await lastBalanceAfter(user.id)).toBeUndefined();
  });

  it('rolls back with the caller transaction', async () => {
    const user = await createUser(handle.db);
    await uow
      .run(async (tx) => {
        await changePoints(tx, { userId: user.id, delta: 5, reason: 'task' });
        throw new Error('caller failed');
      })
      .catch(() => undefined);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await lastBalanceAfter(user.id)).toBeUndefined();
  });

  it('keeps concurrent changes consistent (no lost update, never below 0)', async () => {
    const user = await createUser(handle.db, { points: 0 });
    await uow.run((tx) => changePoints(tx, { userId: user.id, delta: 10, reason: 'admin_grant' }));
    const attempts = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) =>
        uow.run((tx) =>
          changePoints(tx, { userId: user.id, delta: -1, reason: 'ai_charge', refId: String(i) }),
        ),
      ),
    );
    const ok = attempts.filter((a) => a.status === 'fulfilled').length;
    expect(ok).toBe(10);
    expect(await balanceOf(user.id)).toBe(0);
    expect(await lastBalanceAfter(user.id)).toBe(0);
    const [sum] = await handle.db
      .select({ total: sql<number>`sum(${pointsLedger.delta})::int` })
      .from(pointsLedger)
      .where(eq(pointsLedger.userId, user.id));
    expect(sum?.total).toBe(0);
  });
});

describe('the database guards the ledger', () => {
  it('refuses UPDATE and DELETE of ledger rows', async () => {
    const user = await createUser(handle.db);
    await uow.run((tx) => changePoints(tx, { userId: user.id, delta: 3, reason: 'admin_grant' }));
    await expect(
      handle.db.update(pointsLedger).set({ delta: 100 }).where(eq(pointsLedger.userId, user.id)),
    ).rejects.toThrow();
    await expect(
      handle.db.delete(pointsLedger).where(eq(pointsLedger.userId, user.id)),
    ).rejects.toThrow();
    expect(await lastBalanceAfter(user.id)).toBe(3);
  });

  it('refuses a negative balance on users and in the ledger', async () => {
    const user = await createUser(handle.db);
    await expect(
      handle.db.update(users).set({ points: -1 }).where(eq(users.id, user.id)),
    ).rejects.toThrow();
    await expect(
      handle.db
        .insert(pointsLedger)
        .values({ userId: user.id, delta: -1, reason: 'ai_charge', balanceAfter: -1 }),
    ).rejects.toThrow();
  });
});

describe('daily allowance', () => {
  // 2026-11-24 23:59:59 in Shanghai is 15:59:59 UTC; midnight is 16:00:00 UTC.
  const beforeMidnight = new Date('2026-11-24T15:59:59.000Z');
  const atMidnight = new Date('2026-11-24T16:00:00.000Z');

  it('knows the local date and the next local midnight', () => {
    expect(localDate(beforeMidnight, 'Asia/Shanghai')).toBe('2026-11-24');
    expect(localDate(atMidnight, 'Asia/Shanghai')).toBe('2026-11-25');
    expect(nextLocalMidnight(beforeMidnight, 'Asia/Shanghai').toISOString()).toBe(
      atMidnight.toISOString(),
    );
    expect(nextLocalMidnight(atMidnight, 'Asia/Shanghai').toISOString()).toBe(
      '2026-11-25T16:00:00.000Z',
    );
    expect(nextLocalMidnight(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
  });

  it('tops up to the amount once per local day and again after local midnight', async () => {
    const user = await createUser(handle.db, { points: 5 });
    const first = await uow.run((tx) =>
      ensureDailyAllowance(tx, user.id, beforeMidnight, settings),
    );
    expect(first).toBe(15);
    expect(await balanceOf(user.id)).toBe(20);
    await uow.run((tx) => changePoints(tx, { userId: user.id, delta: -12, reason: 'ai_charge' }));
    const again = await uow.run((tx) =>
      ensureDailyAllowance(tx, user.id, beforeMidnight, settings),
    );
    expect(again).toBe(0);
    expect(await balanceOf(user.id)).toBe(8);
    const nextDay = await uow.run((tx) => ensureDailyAllowance(tx, user.id, atMidnight, settings));
    expect(nextDay).toBe(12);
    expect(await balanceOf(user.id)).toBe(20);
    expect(await lastBalanceAfter(user.id)).toBe(20);
  });

  it('grants nothing to a balance already above the amount, and is idempotent concurrently', async () => {
    const rich = await createUser(handle.db, { points: 50 });
    expect(await uow.run((tx) => ensureDailyAllowance(tx, rich.id, atMidnight, settings))).toBe(0);
    expect(await balanceOf(rich.id)).toBe(50);

    const user = await createUser(handle.db);
    const grants = await Promise.all(
      Array.from({ length: 6 }, () =>
        uow.run((tx) => ensureDailyAllowance(tx, user.id, atMidnight, settings)),
      ),
    );
    expect(grants.reduce((a, b) => a + b, 0)).toBe(20);
    expect(await balanceOf(user.id)).toBe(20);
    const claims = await handle.db
      .select()
      .from(pointsClaims)
      .where(eq(pointsClaims.userId, user.id));
    expect(claims).toHaveLength(1);
  });
});
