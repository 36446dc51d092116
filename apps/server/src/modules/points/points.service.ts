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
import type { TPointsConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { type TRepositories, UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import { changePoints, ensureDailyAllowance, localDate, nextLocalMidnight } from './points.ledger';

/** Daily tasks are keyed by the local date; one-off tasks by this period. */
const ONCE = 'once';

const TASK_KIND = (task: TPointsTask) => `task:${task}`;

/**
 * Awards a task's points at most once per period (unique claim key per
 * user + task + period), in the caller's transaction. Returns the points
 * awarded now, null when it was already claimed.
 */
export async function awardTask(
  tx: TRepositories,
  input: { userId: number; task: TPointsTask; amount: number; period?: string },
): Promise<number | null> {
  const period = input.period ?? ONCE;
  const isNew = await tx.points.claim({
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

/** SPEC 1 "profile completed": an avatar, a nickname and a bio. */
export const isProfileComplete = (user: { avatar: string; nickname: string; bio: string }) =>
  Boolean(user.avatar.trim() && user.nickname.trim() && user.bio.trim());

/**
 * What other modules call in their own transaction when a task's condition
 * starts to hold, so the reward is written with the change that earned it.
 */
export type TPointsTasks = {
  /** A work of the user became published (automatic review or a moderator's approval). */
  workPublished(tx: TRepositories, userId: number): Promise<void>;
  /** The user published a community post. */
  postPublished(tx: TRepositories, userId: number): Promise<void>;
  /** The user saved their profile; rewarded once it is complete. */
  profileSaved(
    tx: TRepositories,
    user: { id: number; avatar: string; nickname: string; bio: string },
  ): Promise<void>;
};

/** Points API (our extension of SPEC 1 points; ADR 0011). */
export class PointsService implements TPointsTasks {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TPointsServiceDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  private get settings() {
    return { amount: this.deps.config.dailyAllowance, timeZone: this.deps.config.timeZone };
  }

  /** SPEC 1 task "first work published", credited once in the publishing transaction. */
  async workPublished(tx: TRepositories, userId: number): Promise<void> {
    await this.awardNow(tx, userId, 'first_work', this.deps.config.tasks.firstWork);
  }

  /** Task "first community post", credited once in the transaction that writes the post. */
  async postPublished(tx: TRepositories, userId: number): Promise<void> {
    await this.awardNow(tx, userId, 'first_post', this.deps.config.tasks.firstPost);
  }

  /** SPEC 1 task "profile completed", credited once in the transaction that completes it. */
  async profileSaved(
    tx: TRepositories,
    user: { id: number; avatar: string; nickname: string; bio: string },
  ): Promise<void> {
    if (!isProfileComplete(user)) return;
    await this.awardNow(tx, user.id, 'profile', this.deps.config.tasks.profile);
  }

  /**
   * The day's top-up comes first, as on every points change of a day: a
   * reward written before it would only be topped up to the allowance,
   * and so lost.
   */
  private async awardNow(
    tx: TRepositories,
    userId: number,
    task: TPointsTask,
    amount: number,
  ): Promise<void> {
    if (await tx.points.findClaim(userId, TASK_KIND(task), ONCE)) return;
    await ensureDailyAllowance(tx, userId, this.deps.clock(), this.settings);
    await awardTask(tx, { userId, task, amount });
  }

  /** The live balance after today's allowance (getinfo.points, SPEC 3 counters). */
  async liveBalance(userId: number): Promise<number> {
    return this.uow.run(async (tx) => {
      await ensureDailyAllowance(tx, userId, this.deps.clock(), this.settings);
      const balance = await tx.points.balance(userId);
      if (balance === undefined) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
      return balance;
    });
  }

  async summary(userId: number, locale: TLocale): Promise<TPointsSummary> {
    const now = this.deps.clock();
    const { timeZone, amount } = this.settings;
    // One transaction: the day's top-up and owed rewards, then the balance and
    // today's claim read together.
    const { balance, granted } = await this.uow.run(async (tx) => {
      await this.syncTasks(tx, userId, now);
      const row = await tx.points.balanceWithClaim(
        userId,
        'daily_allowance',
        localDate(now, timeZone),
      );
      if (!row) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
      return row;
    });
    return {
      balance,
      dailyAllowance: amount,
      allowanceGrantedToday: granted !== null,
      allowanceGrantedAmount: granted ?? 0,
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
    const { points } = this.uow.repositories;
    const [rows, total] = await Promise.all([
      points.ledgerPage(userId, { limit: query.size, offset: (query.page - 1) * query.size }),
      points.ledgerCount(userId),
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
      total,
    };
  }

  /**
   * Backfill for old data: first_work, first_post and profile are credited
   * when they happen (workPublished, postPublished, profileSaved), but
   * accounts whose first work or post was published or whose profile was
   * completed before that (rows written by
   * earlier versions, imported or seeded accounts) have no claim yet. This
   * awards those once, when the points summary or the tasks are read; for
   * everybody else the claims exist and it writes nothing. It stays while
   * such accounts may exist: the reward amounts are configuration, so a
   * SQL migration could not write them.
   */
  private async syncTasks(tx: TRepositories, userId: number, now: Date): Promise<void> {
    const { tasks } = this.deps.config;
    // The day's top-up first, so task rewards come on top of it.
    await ensureDailyAllowance(tx, userId, now, this.settings);
    const facts = await tx.points.taskFacts(userId);
    if (!facts) throw new AppError(Code.UNAUTHORIZED, 'unauthorized');
    if (isProfileComplete(facts.profile)) {
      await awardTask(tx, { userId, task: 'profile', amount: tasks.profile });
    }
    if (facts.hasPublishedWork) {
      await awardTask(tx, { userId, task: 'first_work', amount: tasks.firstWork });
    }
    if (facts.hasPost) await awardTask(tx, { userId, task: 'first_post', amount: tasks.firstPost });
  }

  /** Tasks with amount and state. */
  async tasks(userId: number): Promise<TPointsTaskState[]> {
    const { tasks } = this.deps.config;
    const now = this.deps.clock();
    const today = localDate(now, this.deps.config.timeZone);
    const claims = await this.uow.run(async (tx) => {
      await this.syncTasks(tx, userId, now);
      return tx.points.claimsOf(userId, 'task:');
    });
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
        available: true,
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
    return this.uow.run(async (tx) => {
      await ensureDailyAllowance(tx, userId, now, this.settings);
      const awarded = await awardTask(tx, {
        userId,
        task: 'signin',
        amount: this.deps.config.tasks.signin,
        period: localDate(now, this.deps.config.timeZone),
      });
      // A second sign-in the same local day is refused (nothing is written).
      if (awarded === null) throw new AppError(Code.BAD_REQUEST, 'signinAlreadyToday');
      return { awarded, balance: (await tx.points.balance(userId)) ?? 0 };
    });
  }
}
