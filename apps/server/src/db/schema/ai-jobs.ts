import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * AI jobs (DESIGN 5, SPEC 3 AI records, SPEC 4 progress, ADR 0012): the
 * durable queue workers claim with FOR UPDATE SKIP LOCKED. The cost is
 * charged in the transaction that inserts the row and refunded (once,
 * refunded_at) in the transaction that fails or cancels it.
 */
export const aiJobs = pgTable(
  'ai_jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    state: text('state', {
      enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'],
    })
      .notNull()
      .default('queued'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    engine: text('engine').notNull(),
    stage: text('stage'),
    percent: smallint('percent').notNull().default(0),
    cost: integer('cost').notNull(),
    /** Result file URLs (rows in `files`, kind 'ai', owned by the user). */
    resultFiles: jsonb('result_files').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    resultText: text('result_text'),
    /** Prompt optimisation by the rules: the phrases it added to the prompt, in order. */
    promptAdded: jsonb('prompt_added').$type<string[]>(),
    errorReason: text('error_reason'),
    errorMessage: text('error_message'),
    attempts: smallint('attempts').notNull().default(0),
    /** Set on claim and renewed by the worker's heartbeat; older than the lease = worker died. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    workerId: text('worker_id'),
    cancelRequested: timestamp('cancel_requested_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ai_jobs_user_created_idx').on(t.userId, t.createdAt),
    index('ai_jobs_queued_idx').on(t.createdAt).where(sql`${t.state} = 'queued'`),
    index('ai_jobs_running_idx').on(t.heartbeatAt).where(sql`${t.state} = 'running'`),
    check(
      'ai_jobs_state_ck',
      sql`${t.state} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`,
    ),
    check('ai_jobs_percent_ck', sql`${t.percent} between 0 and 100`),
    check('ai_jobs_cost_ck', sql`${t.cost} >= 0`),
    check('ai_jobs_attempts_ck', sql`${t.attempts} >= 0`),
    check(
      'ai_jobs_finished_ck',
      sql`(${t.state} in ('queued', 'running')) = (${t.finishedAt} is null)`,
    ),
    check(
      'ai_jobs_refund_ck',
      sql`${t.refundedAt} is null or ${t.state} in ('failed', 'cancelled')`,
    ),
    check(
      'ai_jobs_stage_ck',
      sql`${t.stage} is null or ${t.stage} in ('initialising', 'loading_components', 'generating_mesh', 'processing_texture', 'saving', 'almost_done', 'completed')`,
    ),
  ],
);
