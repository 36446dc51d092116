import { Code, type TAiJobKind, type TAiStage } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import { changePoints, ensureDailyAllowance, type TAllowanceSettings } from '../points';
import type { TAiFailureReason } from './ai-engine';
import type { TAiEngineRegistry } from './ai-engines.registry';
import type { TAiJobRow } from './ai-jobs.repository';

export type { TAiJobRow } from './ai-jobs.repository';

const clampPercent = (percent: number) => Math.max(0, Math.min(100, Math.round(percent)));

/** Per-user limits (DESIGN 5): active jobs at once and jobs created per hour. */
export type TAiJobLimits = { maxActive: number; maxPerHour: number };
export const DEFAULT_AI_JOB_LIMITS: TAiJobLimits = { maxActive: 2, maxPerHour: 30 };

/**
 * The durable AI job queue (ADR 0012). Every state change that moves points
 * happens in the same transaction as the points change: a job is charged in
 * the transaction that inserts it, and refunded in the one that fails or
 * cancels it, guarded by refunded_at so a refund happens at most once.
 */
export type TAiJobQueueOptions = {
  limits?: TAiJobLimits;
  /**
   * ADR 0011: when set, a creation first tops the balance up to the day's
   * allowance, so a charge never sees yesterday's balance.
   */
  allowance?: TAllowanceSettings;
  /**
   * Told after each committed change of a job's state, SPEC 4 stage or
   * percent (live progress: aiJobPublisher); never fails the change.
   */
  onChange?: (job: TAiJobRow) => void;
};

export class AiJobQueue {
  private readonly limits: TAiJobLimits;
  /** Also told of every committed change, after onChange (the metrics). */
  private readonly watchers = new Set<(job: TAiJobRow) => void>();

  private readonly uow: UnitOfWork;

  constructor(
    db: TDatabase,
    private readonly registry: TAiEngineRegistry,
    private readonly clock: TClock,
    private readonly options: TAiJobQueueOptions = {},
  ) {
    this.limits = options.limits ?? DEFAULT_AI_JOB_LIMITS;
    this.uow = new UnitOfWork(db);
  }

  /** The queue's single statements, each committed on its own. */
  private get jobs() {
    return this.uow.repositories.aiJobs;
  }

  /** Passes a committed change on; returns the row for the caller's convenience. */
  private changed<T extends TAiJobRow | null | undefined>(job: T): T {
    if (job) {
      try {
        this.options.onChange?.(job);
      } catch {
        // Live progress is a courtesy: streams re-read the job on their own as well.
      }
      for (const watcher of this.watchers) {
        try {
          watcher(job);
        } catch {
          // Nor may a watcher fail the change.
        }
      }
    }
    return job;
  }

  /** Tells `watcher` of every committed change of a job, as onChange; returns its stop. */
  watch(watcher: (job: TAiJobRow) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  /**
   * The kind's engine (for these params, when given), or 503 naming the
   * setting that enables it (nothing charged).
   */
  assertAvailable(kind: TAiJobKind, params?: Record<string, unknown>) {
    const engine = this.registry.engineFor(kind, params);
    if (!engine) {
      throw new AppError(
        Code.SERVICE_UNAVAILABLE,
        'serviceUnavailable',
        {},
        {
          kind,
          setting: this.registry.features().find((f) => f.kind === kind)?.setting ?? null,
        },
      );
    }
    return engine;
  }

  /**
   * Creates a queued job and charges its cost. An unavailable kind answers
   * before anything is charged (DESIGN 5: never a placeholder result).
   */
  async create(
    userId: number,
    kind: TAiJobKind,
    params: Record<string, unknown>,
  ): Promise<TAiJobRow> {
    const engine = this.assertAvailable(kind, params);
    const cost = this.registry.cost(kind);
    const now = this.clock();
    const { allowance } = this.options;
    const created = await this.uow.run(async (tx) => {
      // Serialise one user's creations on their row so the limits hold under concurrency.
      await tx.aiJobs.lockUser(userId);
      if (allowance) await ensureDailyAllowance(tx, userId, now, allowance);
      const active = await tx.aiJobs.countActive(userId);
      const hourAgo = new Date(now.getTime() - 3_600_000);
      const recent = await tx.aiJobs.countCreatedSince(userId, hourAgo);
      if (active >= this.limits.maxActive || recent >= this.limits.maxPerHour) {
        // SPEC 8: too many requests.
        throw new AppError(Code.TOO_MANY_REQUESTS, 'tooManyRequests');
      }
      const job = await tx.aiJobs.insert({
        userId,
        kind,
        params,
        engine: engine.name,
        cost,
        createdAt: now,
      });
      if (cost > 0) {
        await changePoints(tx, {
          userId,
          delta: -cost,
          reason: 'ai_charge',
          refType: 'ai_job',
          refId: String(job.id),
        });
      }
      return job;
    });
    return this.changed(created);
  }

  /**
   * Claims the oldest queued job (FOR UPDATE SKIP LOCKED, so racing workers
   * never take the same one) and marks it running with a fresh heartbeat.
   */
  async claim(workerId: string): Promise<TAiJobRow | null> {
    const now = this.clock();
    const claimed = await this.uow.run(async (tx) => {
      const id = await tx.aiJobs.lockOldestQueued();
      if (id === undefined) return null;
      return (await tx.aiJobs.markRunning(id, workerId, now)) ?? null;
    });
    return this.changed(claimed);
  }

  /**
   * Stores the SPEC 4 stage and percent an engine just reported (renewing
   * the lease too) and passes the change on; false when the job is no
   * longer this worker's.
   */
  async reportProgress(
    id: number,
    workerId: string,
    progress: { stage: TAiStage; percent: number },
  ): Promise<boolean> {
    const job = await this.jobs.setProgress(
      id,
      workerId,
      { stage: progress.stage, percent: clampPercent(progress.percent) },
      this.clock(),
    );
    return this.changed(job) !== undefined;
  }

  /**
   * Renews the lease of a running job this worker holds, in one statement
   * that also reads the cancel flag: false when the run should stop (the job
   * is no longer this worker's, or its owner asked to cancel it). Progress
   * is stored by reportProgress as it is reported, not here.
   */
  async heartbeat(id: number, workerId: string): Promise<boolean> {
    const job = await this.jobs.renewLease(id, workerId, this.clock());
    return job !== undefined && job.cancelRequested === null;
  }

  /** Records the result of a running job this worker holds. */
  async succeed(
    id: number,
    workerId: string,
    result: { files: string[]; text?: string; promptAdded?: string[] },
  ): Promise<TAiJobRow | null> {
    const job = await this.jobs.markSucceeded(
      id,
      workerId,
      {
        files: result.files,
        text: result.text ?? null,
        promptAdded: result.promptAdded ?? null,
      },
      this.clock(),
    );
    return this.changed(job ?? null);
  }

  /**
   * Ends a job as failed or cancelled and refunds its cost in the same
   * transaction; a job already finished or refunded is left alone.
   */
  async finishWithoutResult(
    id: number,
    outcome: {
      state: 'failed' | 'cancelled';
      reason: TAiFailureReason | 'cancelled';
      message?: string;
    },
    guard: { workerId?: string; states: Array<'queued' | 'running'> },
  ): Promise<TAiJobRow | null> {
    const now = this.clock();
    const finished = await this.uow.run(async (tx) => {
      const job = await tx.aiJobs.markEndedWithoutResult(
        id,
        {
          state: outcome.state,
          reason: outcome.reason,
          message: outcome.message?.slice(0, 500) ?? null,
        },
        guard,
        now,
      );
      if (!job) return null;
      if (job.cost > 0) {
        await changePoints(tx, {
          userId: job.userId,
          delta: job.cost,
          reason: 'ai_refund',
          refType: 'ai_job',
          refId: String(job.id),
        });
      }
      return job;
    });
    return this.changed(finished);
  }

  /**
   * Cancels the owner's job: a queued one ends at once (refunded); a running
   * one is marked so its worker aborts the engine and refunds. Another
   * user's job, or a deleted one, answers 404.
   */
  async requestCancel(userId: number, id: number): Promise<TAiJobRow> {
    const job = await this.findOwn(userId, id);
    if (job.state === 'queued') {
      const done = await this.finishWithoutResult(
        id,
        { state: 'cancelled', reason: 'cancelled' },
        { states: ['queued'] },
      );
      if (done) return done;
    }
    if (job.state === 'running' || job.state === 'queued') {
      await this.jobs.requestCancel(id, this.clock());
    }
    return this.findOwn(userId, id);
  }

  isCancelRequested(id: number): Promise<boolean> {
    return this.jobs.isCancelRequested(id);
  }

  /**
   * Running jobs whose heartbeat is older than the lease belong to a worker
   * that died: retried once (back to queued) while attempts allow, otherwise
   * failed with SPEC 8's timeout and refunded. Returns how many it touched.
   */
  async recoverExpired(leaseMs: number, maxAttempts = 2): Promise<number> {
    const cutoff = new Date(this.clock().getTime() - leaseMs);
    const expired = await this.jobs.expiredRunning(cutoff);
    let touched = 0;
    for (const job of expired) {
      if (job.attempts < maxAttempts) {
        const requeued = await this.jobs.requeueExpired(job.id, cutoff);
        if (this.changed(requeued)) touched += 1;
      } else {
        const done = await this.finishWithoutResult(
          job.id,
          { state: 'failed', reason: 'timeout', message: 'worker lease expired' },
          { states: ['running'], ...(job.workerId ? { workerId: job.workerId } : {}) },
        );
        if (done) touched += 1;
      }
    }
    return touched;
  }

  /** Jobs waiting and running now, across every user and instance (metrics). */
  depth(): Promise<{ queued: number; running: number }> {
    return this.jobs.countByActiveState();
  }

  /**
   * Hands a running job this worker holds back to the queue (its process
   * shuts down, ADR 0054), for another worker to take at once; nothing
   * charged or refunded. Null when the job is no longer this worker's.
   */
  async handBack(id: number, workerId: string): Promise<TAiJobRow | null> {
    return this.changed((await this.jobs.release(id, workerId)) ?? null);
  }

  /** Jobs by id that are not deleted (live streams re-read theirs with this). */
  findLive(ids: readonly number[]): Promise<TAiJobRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.jobs.findLive(ids);
  }

  async findOwn(userId: number, id: number): Promise<TAiJobRow> {
    const job = await this.jobs.findOwn(userId, id);
    if (!job) throw new AppError(Code.NOT_FOUND, 'notFound');
    return job;
  }
}
