import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const FILE_KINDS = [
  'avatar',
  'cover',
  'ai',
  'feedback',
  'instruction',
  'design',
  'post',
] as const;

/**
 * Every upload, by who uploaded it (SPEC 7 resource upload). Storage is
 * content-addressed, so many rows may name the same bytes; a work may only
 * reference files its author has a row for (works.service). One row per user,
 * kind and URL: uploading the same bytes again refreshes it.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    url: text('url').notNull(),
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    /** WebP preview of an image upload. */
    thumbnail: text('thumbnail'),
    /**
     * DPI of a re-encoded image as its source declared it (scaled with any
     * resize, so width / dpi is the source's size in inches); null when the
     * source declared none, or for other files. Vectorise sizes its SVG by it.
     */
    dpi: doublePrecision('dpi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_user_kind_url_uq').on(t.userId, t.kind, t.url),
    index('files_user_url_idx').on(t.userId, t.url),
    // Every /files/ request asks whether its URL is private (ADR 0009).
    index('files_url_idx').on(t.url),
    index('files_sha256_idx').on(t.sha256),
    check('files_size_nonneg', sql`${t.size} >= 0`),
    check('files_dpi_ck', sql`${t.dpi} is null or ${t.dpi} > 0`),
    check('files_sha256_ck', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'files_kind_ck',
      sql`${t.kind} in ('avatar', 'cover', 'ai', 'feedback', 'instruction', 'design', 'post')`,
    ),
  ],
);
