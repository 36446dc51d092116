import { FEEDBACK_STATUSES, LOCALES } from '@layerline/contract';
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

/**
 * SPEC 3 Feedback (suggestion, contact, picture): what a user or a visitor
 * sent (SPEC 1). `user_id` is the sender when logged in; it stays when the
 * account goes, as null. `ip_hash` is a keyed hash of the sender's address
 * (never the address itself), so floods from one place can be told apart.
 * `status` is where the row stands in the moderators' inbox.
 */
export const feedback = pgTable(
  'feedback',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    suggestion: text('suggestion').notNull(),
    contact: text('contact'),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    status: text('status', { enum: FEEDBACK_STATUSES }).notNull().default('open'),
    /** The language the sender wrote in (their Content-Language). */
    locale: text('locale', { enum: LOCALES }).notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The inbox: newest first, by status.
    index('feedback_status_newest_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('feedback_user_idx').on(t.userId),
    // SPEC 5 / 9: 1 to 100 characters (the contract counts after trimming).
    check(
      'feedback_suggestion_ck',
      sql`char_length(${t.suggestion}) between 1 and 100 and btrim(${t.suggestion}) <> ''`,
    ),
    check('feedback_contact_len_ck', sql`char_length(${t.contact}) <= 254`),
    check(
      'feedback_pictures_ck',
      sql`jsonb_typeof(${t.pictures}) = 'array' and jsonb_array_length(${t.pictures}) <= 9`,
    ),
    check('feedback_status_ck', sql`${t.status} in ('open', 'answered', 'closed')`),
    check('feedback_locale_ck', sql`${t.locale} in ('zh', 'en')`),
  ],
);

/**
 * Feedback images uploaded by visitors (SPEC 7 feedback image upload): the
 * files table records uploads by user, so a visitor's are kept here by the
 * keyed hash of their address, and their feedback may only name these.
 */
export const feedbackUploads = pgTable(
  'feedback_uploads',
  {
    id: serial('id').primaryKey(),
    ipHash: text('ip_hash').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('feedback_uploads_ip_url_uq').on(t.ipHash, t.url),
    index('feedback_uploads_created_idx').on(t.createdAt),
  ],
);
