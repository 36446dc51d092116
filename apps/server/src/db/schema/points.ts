import { POINTS_REASONS } from '@layerline/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Append-only points ledger (SPEC 1 points, ADR 0011): every change of
 * users.points is one row here, written in the same transaction; a trigger
 * (migration 0007) refuses UPDATE and DELETE. users.points equals the
 * balance_after of the user's newest row.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: POINTS_REASONS }).notNull(),
    refType: text('ref_type'),
    refId: text('ref_id'),
    note: text('note').notNull().default(''),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.id),
    check('points_ledger_balance_nonneg', sql`${t.balanceAfter} >= 0`),
    check('points_ledger_delta_nonzero', sql`${t.delta} <> 0`),
    check(
      'points_ledger_reason_ck',
      sql`${t.reason} in ('daily_allowance', 'task', 'admin_grant', 'ai_charge', 'ai_refund')`,
    ),
  ],
);

/**
 * Once-per-period awards (daily allowance, tasks): the unique key makes a
 * grant idempotent under concurrency. period is the local date (YYYY-MM-DD)
 * for daily ones and 'once' for one-off tasks.
 */
export const pointsClaims = pgTable(
  'points_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    period: text('period').notNull(),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('points_claims_uq').on(t.userId, t.kind, t.period)],
);
