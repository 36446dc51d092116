import {
  MODERATION_ACTIONS,
  MODERATION_ITEM_KINDS,
  REPORT_ITEM_KINDS,
  REPORT_REASONS,
  REPORT_STATUSES,
} from '@layerline/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The moderation console's audit log: every moderator or admin action (who,
 * what, which item, reason, when), written in the transaction of the action.
 * The item is named by kind and id, not a foreign key, so the entry outlives
 * a deleted post or comment.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    itemKind: text('item_kind', { enum: MODERATION_ITEM_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    reason: text('reason').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_actions_item_idx').on(t.itemKind, t.itemId, t.createdAt.desc()),
    index('moderation_actions_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_actor_idx').on(t.actorId),
    check('moderation_actions_action_ck', sql`${t.action} in (${inList(MODERATION_ACTIONS)})`),
    check(
      'moderation_actions_item_kind_ck',
      sql`${t.itemKind} in (${inList(MODERATION_ITEM_KINDS)})`,
    ),
  ],
);

/**
 * Reports of works, posts and comments by logged-in users: a reason from a
 * list plus free text. One open report per reporter and item.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    itemKind: text('item_kind', { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: integer('item_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    detail: text('detail').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_one_open_uq')
      .on(t.reporterId, t.itemKind, t.itemId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_newest_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reports_item_idx').on(t.itemKind, t.itemId),
    check('reports_item_kind_ck', sql`${t.itemKind} in (${inList(REPORT_ITEM_KINDS)})`),
    check('reports_reason_ck', sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check('reports_status_ck', sql`${t.status} in (${inList(REPORT_STATUSES)})`),
    check('reports_detail_len_ck', sql`char_length(${t.detail}) <= 500`),
  ],
);

/**
 * Sensitive words added in the console, checked beside the built-in list and
 * SENSITIVE_WORDS_FILE; a change reaches every instance through live events.
 */
export const sensitiveWords = pgTable(
  'sensitive_words',
  {
    id: serial('id').primaryKey(),
    word: text('word').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sensitive_words_word_uq').on(t.word),
    check('sensitive_words_word_ck', sql`char_length(${t.word}) between 1 and 100`),
  ],
);
