import type { TAiJobKind, TAiStage } from '@layerline/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { aiJobs } from '../../db/schema';

export type TAiJobRow = typeof aiJobs.$inferSelect;
type TActiveState = 'queued' | 'running';

const isRunBy = (id: number, workerId: string) =>
  and(eq(aiJobs.id, id), eq(aiJobs.state, 'running'), eq(aiJobs.workerId, workerId));

/** All SQL of the AI job queue (ai_jobs, ADR 0012); the rules are ai-jobs.queue's. */
export class AiJobsRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * Locks the user's row until the transaction ends, so one user's creations
   * are serialised and the per-user limits hold under concurrency.
   */
  async lockUser(userId: number): Promise<void> {
    await this.db.execute(sql`select id from users where id = ${userId} for update`);
  }

  /** The user's jobs queued or running now. */
  async countActive(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(aiJobs)
      .where(and(eq(aiJobs.userId, userId), inArray(aiJobs.state, ['queued', 'running'])));
    return row?.n ?? 0;
  }

  /** Jobs queued and running now, across every user (the metrics' queue depth; partial indexes). */
  async countByActiveState(): Promise<Record<TActiveState, number>> {
    const rows = await this.db
      .select({ state: aiJobs.state, n: count() })
      .from(aiJobs)
      .where(inArray(aiJobs.state, ['queued', 'running']))
      .groupBy(aiJobs.state);
    const depth = { queued: 0, running: 0 };
    for (const row of rows) {
      if (row.state === 'queued' || row.state === 'running') depth[row.state] = row.n;
    }
    return depth;
  }

  /** The user's jobs created at or after `since`. */
  async countCreatedSince(userId: number, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(aiJobs)
      .where(and(eq(aiJobs.userId, userId), gte(aiJobs.createdAt, since)));
    return row?.n ?? 0;
  }

  async insert(values: {
    userId: number;
    kind: TAiJobKind;
    params: Record<string, unknown>;
    engine: string;
    cost: number;
    createdAt: Date;
  }): Promise<TAiJobRow> {
    const [job] = await this.db.insert(aiJobs).values(values).returning();
    if (!job) throw new Error('ai job insert returned nothing');
    return job;
  }

  /**
   * The oldest queued job, locked FOR UPDATE SKIP LOCKED: a job another
   * worker is claiming is passed over, so racing workers never take the same one.
   */
  async lockOldestQueued(): Promise<number | undefined> {
    const [picked] = await this.db
      .select({ id: aiJobs.id })
      .from(aiJobs)
      .where(eq(aiJobs.state, 'queued'))
      .orderBy(aiJobs.createdAt, aiJobs.id)
      .limit(1)
      .for('update', { skipLocked: true });
    return picked?.id;
  }

  /** A queued job becomes this worker's, running, with a fresh heartbeat and one more attempt. */
  async markRunning(id: number, workerId: string, now: Date): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({
        state: 'running',
        workerId,
        heartbeatAt: now,
        startedAt: now,
        attempts: sql`${aiJobs.attempts} + 1`,
        stage: 'initialising',
        percent: 0,
      })
      .where(and(eq(aiJobs.id, id), eq(aiJobs.state, 'queued')))
      .returning();
    return job;
  }

  /** Stage and percent of a job this worker runs, renewing its lease; undefined when not its. */
  async setProgress(
    id: number,
    workerId: string,
    progress: { stage: TAiStage; percent: number },
    now: Date,
  ): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({ heartbeatAt: now, stage: progress.stage, percent: progress.percent })
      .where(isRunBy(id, workerId))
      .returning();
    return job;
  }

  /**
   * Renews the lease of a job this worker runs, reading the cancel flag in
   * the same statement; undefined when the job is no longer this worker's.
   */
  async renewLease(
    id: number,
    workerId: string,
    now: Date,
  ): Promise<{ cancelRequested: Date | null } | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({ heartbeatAt: now })
      .where(isRunBy(id, workerId))
      .returning({ cancelRequested: aiJobs.cancelRequested });
    return job;
  }

  /** Stores the result of a job this worker runs, unless a cancel was asked for meanwhile. */
  async markSucceeded(
    id: number,
    workerId: string,
    result: { files: string[]; text: string | null; promptAdded: string[] | null },
    now: Date,
  ): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({
        state: 'succeeded',
        stage: 'completed',
        percent: 100,
        resultFiles: result.files,
        resultText: result.text,
        promptAdded: result.promptAdded,
        finishedAt: now,
      })
      .where(
        and(
          isRunBy(id, workerId),
          // A cancel asked for while the result was being stored wins: refunded, no result.
          isNull(aiJobs.cancelRequested),
        ),
      )
      .returning();
    return job;
  }

  /**
   * Ends a job in one of `states` (and, with `workerId`, this worker's) as
   * failed or cancelled, marking it refunded; undefined for a job already
   * finished or refunded, which is left alone.
   */
  async markEndedWithoutResult(
    id: number,
    outcome: { state: 'failed' | 'cancelled'; reason: string; message: string | null },
    guard: { workerId?: string; states: TActiveState[] },
    now: Date,
  ): Promise<TAiJobRow | undefined> {
    const conditions = [
      eq(aiJobs.id, id),
      inArray(aiJobs.state, guard.states),
      isNull(aiJobs.refundedAt),
    ];
    if (guard.workerId) conditions.push(eq(aiJobs.workerId, guard.workerId));
    const [job] = await this.db
      .update(aiJobs)
      .set({
        state: outcome.state,
        errorReason: outcome.reason,
        errorMessage: outcome.message,
        finishedAt: now,
        refundedAt: now,
      })
      .where(and(...conditions))
      .returning();
    return job;
  }

  /** Flags a queued or running job for cancelling (its worker sees it at the next heartbeat). */
  async requestCancel(id: number, now: Date): Promise<void> {
    await this.db
      .update(aiJobs)
      .set({ cancelRequested: now })
      .where(and(eq(aiJobs.id, id), inArray(aiJobs.state, ['queued', 'running'])));
  }

  async isCancelRequested(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ at: aiJobs.cancelRequested })
      .from(aiJobs)
      .where(eq(aiJobs.id, id));
    return Boolean(row?.at);
  }

  /** Running jobs whose heartbeat is older than `cutoff`. */
  expiredRunning(
    cutoff: Date,
  ): Promise<{ id: number; attempts: number; workerId: string | null }[]> {
    return this.db
      .select({ id: aiJobs.id, attempts: aiJobs.attempts, workerId: aiJobs.workerId })
      .from(aiJobs)
      .where(and(eq(aiJobs.state, 'running'), lt(aiJobs.heartbeatAt, cutoff)));
  }

  /** A running job whose lease expired before `cutoff` goes back to the queue. */
  async requeueExpired(id: number, cutoff: Date): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({ state: 'queued', workerId: null, heartbeatAt: null, stage: null, percent: 0 })
      .where(and(eq(aiJobs.id, id), eq(aiJobs.state, 'running'), lt(aiJobs.heartbeatAt, cutoff)))
      .returning();
    return job;
  }

  /**
   * A running job this worker holds goes back to the queue because its
   * process shuts down (ADR 0054): the attempt it was on is not counted,
   * since the job did not fail; undefined when the job is no longer its.
   */
  async release(id: number, workerId: string): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .update(aiJobs)
      .set({
        state: 'queued',
        workerId: null,
        heartbeatAt: null,
        stage: null,
        percent: 0,
        attempts: sql`greatest(${aiJobs.attempts} - 1, 0)`,
      })
      .where(isRunBy(id, workerId))
      .returning();
    return job;
  }

  /** Jobs by id that are not deleted. */
  findLive(ids: readonly number[]): Promise<TAiJobRow[]> {
    return this.db
      .select()
      .from(aiJobs)
      .where(and(inArray(aiJobs.id, [...ids]), isNull(aiJobs.deletedAt)));
  }

  /** The user's job, unless deleted. */
  async findOwn(userId: number, id: number): Promise<TAiJobRow | undefined> {
    const [job] = await this.db
      .select()
      .from(aiJobs)
      .where(and(eq(aiJobs.id, id), eq(aiJobs.userId, userId), isNull(aiJobs.deletedAt)));
    return job;
  }

  /** SPEC 3 AI records: the user's jobs that are not deleted, newest first, with their number. */
  async listOwn(
    userId: number,
    page: { limit: number; offset: number },
  ): Promise<{ rows: TAiJobRow[]; total: number }> {
    const where = and(eq(aiJobs.userId, userId), isNull(aiJobs.deletedAt));
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(aiJobs)
        .where(where)
        .orderBy(desc(aiJobs.createdAt), desc(aiJobs.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ n: count() }).from(aiJobs).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Marks the user's record deleted. */
  async markDeleted(userId: number, id: number, now: Date): Promise<void> {
    await this.db
      .update(aiJobs)
      .set({ deletedAt: now })
      .where(and(eq(aiJobs.id, id), eq(aiJobs.userId, userId)));
  }
}
