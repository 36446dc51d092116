import {
  Code,
  message,
  type TLocale,
  type TPointsLedgerEntry,
  type TPointsLedgerQuery,
  type TPointsSummary,
  type TPointsTask,
  type TPointsTaskState,
} from '@layerline/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TPointsConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { pointsClaims, pointsLedger, users, works } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import {
  changePoints,
  claimOnce,
  ensureDailyAllowance,
  localDate,
  nextLocalMidnight,
  type TPointsTx,
} from './points.ledger';

/** Daily tasks are keyed by the local date; one-off tasks by this period. */
const ONCE = 'once';

const TASK_KIND = (task: TPointsTask) => `task:${task}`;

/**
 * Awards a task's points at most once per period (unique claim key per
 * user + task + period), in the caller's transaction. Returns the points
 * awarded now, null when it was already claimed.
 */
export async function awardTask(
  tx: TPointsTx,
  input: { userId: number; task: TPointsTask; amount: number; period?: string },
): Promise<number | null> {
  const period = input.period ?? ONCE;
  const isNew = await claimOnce(tx, {
    userId: input.userId,
    kind: TASK_KIND(input.task),
    period,
    amount: input.amount,
  });
  if (!isNew) return null;
  if (input.amount === 0) return 0;
  await changePoints(tx, {
    userId: input.userId,
    delta: input.amount,
    reason: 'task',
    refType: 'task',
    refId: input.task,
  });
  return input.amount;
}

export type TPointsServiceDeps = { db: TDatabase; clock: TClock; config: TPointsConfig };

/** Points API (our extension of SPEC 1 points; ADR 0011). */
export class PointsService {
  constructor(private readonly deps: TPointsServiceDeps) {}

  private get settings() {
    return { amount: this.deps.config.dailyAllowance, timeZone: this.deps.config.timeZone };
  }

  /** The live balance after today's allowance (getinfo.points, SPEC 3 counters). */
  async liveBalance(userId: number): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      await ensureDailyAllowance(tx, userId, this.deps.clock(), this.settings);
      const [row] = await tx
        .select({ points: users.points })
        .from(users)
        .where(eq(users.id, userId));
      if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
      return row.points;
    });
  }

  async summary(userId: number, locale: TLocale): Promise<TPointsSummary> {
    const now = this.deps.clock();
    const { timeZone, amount } = this.settings;
    await this.syncTasks(userId);
    const balance = await this.liveBalance(userId);
    const [claim] = await this.deps.db
      .select({ amount: pointsClaims.amount })
      .from(pointsClaims)
      .where(
        and(
          eq(pointsClaims.userId, userId),
          eq(pointsClaims.kind, 'daily_allowance'),
          eq(pointsClaims.period, localDate(now, timeZone)),
        ),
      );
    return {
      balance,
      dailyAllowance: amount,
      allowanceGrantedToday: Boolean(claim),
      allowanceGrantedAmount: claim?.amount ?? 0,
      nextRefreshAt: nextLocalMidnight(now, timeZone).toISOString(),
      timeZone,
      cashConvertible: false,
      note: message(locale, 'pointsNotCash'),
    };
  }

  /** The caller's own ledger rows, newest first. */
  async ledger(
    userId: number,
    query: TPointsLedgerQuery,
  ): Promise<{ data: TPointsLedgerEntry[]; total: number }> {
    const [rows, [totalRow]] = await Promise.all([
      this.deps.db
        .select()
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, userId))
        .orderBy(desc(pointsLedger.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size),
      this.deps.db
        .select({ total: count() })
        .from(pointsLedger)
        .where(eq(pointsLedger.userId, userId)),
    ]);
    return {
      data: rows.map((row) => ({
        id: row.id,
        delta: row.delta,
        reason: row.reason,
        refType: row.refType,
        refId: row.refId,
        note: row.note,
        balanceAfter: row.balanceAfter,
        createdAt: row.createdAt.toISOString(),
      })),
      total: totalRow?.total ?? 0,
    };
  }

  /**
   * Awards first_work and profile once their condition holds (a published
   * work; avatar + nickname + bio set), idempotently by the claim key. Runs
   * when the points summary or the tasks are read, so it covers every path
   * by which a work gets published (automatic review, moderator approval).
   */
  private async syncTasks(userId: number): Promise<void> {
    const { tasks } = this.deps.config;
    await this.deps.db.transaction(async (tx) => {
      // The day's top-up first, so task rewards come on top of it.
      await ensureDailyAllowance(tx, userId, this.deps.clock(), this.settings);
      const [user] = await tx
        .select({ avatar: users.avatar, nickname: users.nickname, bio: users.bio })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
      if (user.avatar.trim() && user.nickname.trim() && user.bio.trim()) {
        await awardTask(tx, { userId, task: 'profile', amount: tasks.profile });
      }
      const [published] = await tx
        .select({ id: works.id })
        .from(works)
        .where(
          and(eq(works.userId, userId), eq(works.status, 'published'), isNull(works.deletedAt)),
        )
        .limit(1);
      if (published) await awardTask(tx, { userId, task: 'first_work', amount: tasks.firstWork });
    });
  }

  /** Tasks with amount and state; first_post waits for the community module. */
  async tasks(userId: number): Promise<TPointsTaskState[]> {
    const { tasks } = this.deps.config;
    const today = localDate(this.deps.clock(), this.deps.config.timeZone);
    await this.syncTasks(userId);
    const claims = await this.deps.db
      .select({ kind: pointsClaims.kind, period: pointsClaims.period })
      .from(pointsClaims)
      .where(and(eq(pointsClaims.userId, userId), sql`${pointsClaims.kind} like 'task:%'`));
    const done = (task: TPointsTask, period: string) =>
      claims.some((c) => c.kind === TASK_KIND(task) && c.period === period);
    return [
      {
        task: 'first_work',
        amount: tasks.firstWork,
        daily: false,
        completed: done('first_work', ONCE),
        available: true,
      },
      {
        task: 'first_post',
        amount: tasks.firstPost,
        daily: false,
        completed: done('first_post', ONCE),
        available: false,
      },
      {
        task: 'signin',
        amount: tasks.signin,
        daily: true,
        completed: done('signin', today),
        available: true,
      },
      {
        task: 'profile',
        amount: tasks.profile,
        daily: false,
        completed: done('profile', ONCE),
        available: true,
      },
    ];
  }

  /** Daily sign-in: once per local day; a second claim the same day is refused. */
  async signin(userId: number): Promise<{ awarded: number; balance: number }> {
    const now = this.deps.clock();
    return this.deps.db.transaction(async (tx) => {
      await ensureDailyAllowance(tx, userId, now, this.settings);
      const awarded = await awardTask(tx, {
        userId,
        task: 'signin',
        amount: this.deps.config.tasks.signin,
        period: localDate(now, this.deps.config.timeZone),
      });
      // A second sign-in the same local day is refused (nothing is written).
      if (awarded === null) throw new AppError(Code.BAD_REQUEST, 'signinAlreadyToday');
      const [row] = await tx
        .select({ points: users.points })
        .from(users)
        .where(eq(users.id, userId));
      return { awarded, balance: row?.points ?? 0 };
    });
  }
}
