import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';
import { works } from './works';

export const APPEAL_STATUSES = ['open', 'accepted', 'rejected'] as const;

/**
 * SPEC 3 Appeal (work_id, appeal_reason): the owner of a rejected work asks
 * for another review. The work goes back to in_review; the moderator's next
 * decision closes the appeal. At most one open appeal per work.
 */
export const appeals = pgTable(
  'appeals',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    /** The rejection being appealed, kept as it was. */
    rejectionReason: text('rejection_reason').notNull().default(''),
    status: text('status', { enum: APPEAL_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appeals_one_open_per_work_uq').on(t.workId).where(sql`${t.status} = 'open'`),
    index('appeals_work_idx').on(t.workId, t.createdAt),
    index('appeals_user_idx').on(t.userId),
    check('appeals_status_ck', sql`${t.status} in ('open', 'accepted', 'rejected')`),
    check('appeals_reason_ck', sql`length(btrim(${t.reason})) > 0`),
  ],
);
