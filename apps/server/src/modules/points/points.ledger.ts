import { Code, type TPointsReason } from '@layerline/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { pointsClaims, pointsLedger, users } from '../../db/schema';
import { AppError } from '../../http/app-error';

/** A Drizzle database or a transaction of it: callers pass their own transaction. */
export type TPointsTx = TDatabase | Parameters<Parameters<TDatabase['transaction']>[0]>[0];

export type TChangePointsInput = {
  userId: number;
  delta: number;
  reason: TPointsReason;
  refType?: string;
  refId?: string;
  note?: string;
};

/**
 * The one way points change (ADR 0011): one atomic UPDATE ... RETURNING on the
 * user row (so concurrent changes serialise on the row lock and never lose an
 * update) and one ledger row with the balance after, in the caller's
 * transaction. A change that would take the balance below 0 changes nothing
 * and throws SPEC 8's insufficient-points message.
 */
export async function changePoints(
  tx: TPointsTx,
  input: TChangePointsInput,
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.delta)) throw new Error('points delta must be an integer');
  if (input.delta === 0) {
    const [row] = await tx
      .select({ points: users.points })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!row) throw new AppError(Code.NOT_FOUND, 'notFound');
    return { balance: row.points };
  }
  const [updated] = await tx
    .update(users)
    .set({ points: sql`${users.points} + ${input.delta}` })
    .where(and(eq(users.id, input.userId), sql`${users.points} + ${input.delta} >= 0`))
    .returning({ points: users.points });
  if (!updated) {
    const [exists] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!exists) throw new AppError(Code.NOT_FOUND, 'notFound');
    // SPEC 8: insufficient points ('please wait for tomorrow's refresh').
    throw new AppError(Code.BAD_REQUEST, 'insufficientPoints');
  }
  await tx.insert(pointsLedger).values({
    userId: input.userId,
    delta: input.delta,
    reason: input.reason,
    refType: input.refType ?? null,
    refId: input.refId ?? null,
    note: input.note ?? '',
    balanceAfter: updated.points,
  });
  return { balance: updated.points };
}

export type TAllowanceSettings = { amount: number; timeZone: string };

/**
 * Records a claim that may happen once per period (the unique user + kind +
 * period key holds under concurrency); false when it was already made.
 */
export async function claimOnce(
  tx: TPointsTx,
  claim: { userId: number; kind: string; period: string; amount: number },
): Promise<boolean> {
  const claimed = await tx
    .insert(pointsClaims)
    .values(claim)
    .onConflictDoNothing()
    .returning({ userId: pointsClaims.userId });
  return claimed.length > 0;
}

/** The local calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Offset of the time zone from UTC at an instant, in milliseconds. */
function zoneOffsetMs(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The next local midnight after `now` in the time zone (the allowance refresh). */
export function nextLocalMidnight(now: Date, timeZone: string): Date {
  const [y, m, d] = localDate(now, timeZone).split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d + 1);
  // Correct by the zone's offset at the guessed instant, twice for DST edges.
  let at = guess - zoneOffsetMs(new Date(guess), timeZone);
  at = guess - zoneOffsetMs(new Date(at), timeZone);
  return new Date(at);
}

/**
 * Daily free allowance (ADR 0011): on the first request of a local day the
 * balance is topped up to the allowance amount (free points do not
 * accumulate; a balance already at or above it gets nothing), recorded as one
 * 'daily_allowance' ledger row of the difference. The claim row keyed by
 * user + local date makes this idempotent under concurrency. Returns the
 * points granted now (0 when already granted today or nothing to top up).
 */
export async function ensureDailyAllowance(
  tx: TPointsTx,
  userId: number,
  now: Date,
  settings: TAllowanceSettings,
): Promise<number> {
  const period = localDate(now, settings.timeZone);
  const [existing] = await tx
    .select({ amount: pointsClaims.amount })
    .from(pointsClaims)
    .where(
      and(
        eq(pointsClaims.userId, userId),
        eq(pointsClaims.kind, 'daily_allowance'),
        eq(pointsClaims.period, period),
      ),
    );
  if (existing) return 0;
  // Lock the user row first so the top-up difference is computed on the
  // balance no one else is changing. NO KEY UPDATE, as the UPDATE of the
  // balance takes: it does not wait for (or deadlock with) transactions that
  // only hold the row as a foreign key (a like, a comment of this user).
  const [user] = await tx
    .select({ points: users.points })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) throw new AppError(Code.NOT_FOUND, 'notFound');
  const grant = Math.max(0, settings.amount - user.points);
  const isNew = await claimOnce(tx, { userId, kind: 'daily_allowance', period, amount: grant });
  if (!isNew || grant === 0) return 0;
  await changePoints(tx, {
    userId,
    delta: grant,
    reason: 'daily_allowance',
    refType: 'daily_allowance',
    refId: period,
  });
  return grant;
}
