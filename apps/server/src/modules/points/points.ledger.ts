import { Code, type TPointsReason } from '@layerline/contract';
import type { TRepositories } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';

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
 * transaction (`tx`, a unit of work's). A change that would take the balance
 * below 0 changes nothing and throws SPEC 8's insufficient-points message.
 */
export async function changePoints(
  tx: TRepositories,
  input: TChangePointsInput,
): Promise<{ balance: number }> {
  if (!Number.isInteger(input.delta)) throw new Error('points delta must be an integer');
  const { points } = tx;
  if (input.delta === 0) {
    const balance = await points.balance(input.userId);
    if (balance === undefined) throw new AppError(Code.NOT_FOUND, 'notFound');
    return { balance };
  }
  const balance = await points.addToBalance(input.userId, input.delta);
  if (balance === undefined) {
    if (!(await points.userExists(input.userId))) throw new AppError(Code.NOT_FOUND, 'notFound');
    // SPEC 8: insufficient points ('please wait for tomorrow's refresh').
    throw new AppError(Code.BAD_REQUEST, 'insufficientPoints');
  }
  await points.appendLedger({
    userId: input.userId,
    delta: input.delta,
    reason: input.reason,
    refType: input.refType ?? null,
    refId: input.refId ?? null,
    note: input.note ?? '',
    balanceAfter: balance,
  });
  return { balance };
}

export type TAllowanceSettings = { amount: number; timeZone: string };

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
  tx: TRepositories,
  userId: number,
  now: Date,
  settings: TAllowanceSettings,
): Promise<number> {
  const { points } = tx;
  const period = localDate(now, settings.timeZone);
  if (await points.findClaim(userId, 'daily_allowance', period)) return 0;
  // Lock the user row first so the top-up difference is computed on the
  // balance no one else is changing (NO KEY UPDATE, see lockedBalance).
  const balance = await points.lockedBalance(userId);
  if (balance === undefined) throw new AppError(Code.NOT_FOUND, 'notFound');
  const grant = Math.max(0, settings.amount - balance);
  const isNew = await points.claim({ userId, kind: 'daily_allowance', period, amount: grant });
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
