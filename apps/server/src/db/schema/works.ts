import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { categories } from './catalog';
import { users } from './users';

export type TStoredFile = { url: string; filename: string; size: number; mime?: string };

/**
 * SPEC 3 Work (detail) and Project (publish form). DESIGN 3 review states:
 * only published, not deleted works reach other users.
 */
export const works = pgTable(
  'works',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Cover image URLs; the first is the card image. */
    cover: jsonb('cover').$type<string[]>().notNull().default([]),
    /** The first cover's 480 px WebP thumbnail, made at upload; what cards show ('' when none). */
    coverThumb: text('cover_thumb').notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    price: numeric('price', { precision: 10, scale: 2 }).notNull().default('0'),
    originalPrice: numeric('original_price', { precision: 10, scale: 2 }).notNull().default('0'),
    credits: integer('credits').notNull().default(0),
    /** 'original' | 'remix'. */
    source: text('source').notNull().default('original'),
    sourceUrl: text('source_url').notNull().default(''),
    software: text('software').notNull().default(''),
    machineIds: jsonb('machine_ids').$type<number[]>().notNull().default([]),
    /** Application scenarios (SPEC 3: 1 laser, 2 knife, 3 screen, 4 ink, 5 other). */
    applyDev: jsonb('apply_dev').$type<number[]>().notNull().default([]),
    useMaterial: jsonb('use_material').$type<string[]>().notNull().default([]),
    /** Difficulty (SPEC 3: 0 beginner, 1 intermediate, 2 professional). */
    level: smallint('level').notNull().default(0),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    projectFile: jsonb('project_file').$type<TStoredFile[]>().notNull().default([]),
    /** Rich-text production guide (sanitised HTML). */
    attachment: text('attachment').notNull().default(''),
    instructionPdf: jsonb('instruction_pdf').$type<TStoredFile | null>(),
    isAiAssisted: boolean('is_ai_assisted').notNull().default(false),
    status: text('status').notNull().default('in_review'),
    rejectionReason: text('rejection_reason').notNull().default(''),
    likeCount: integer('like_count').notNull().default(0),
    favorCount: integer('favor_count').notNull().default(0),
    downloadCount: integer('download_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('works_user_idx').on(t.userId, t.createdAt),
    index('works_published_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
    // SPEC 7 /works/home sort=likes and sort=downloads (the feed's other orders).
    index('works_published_likes_idx')
      .on(t.likeCount.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
    index('works_published_downloads_idx')
      .on(t.downloadCount.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
    // An author's published works (author card, author list), newest first.
    index('works_author_published_idx')
      .on(t.userId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published' and ${t.deletedAt} is null`),
    // The moderation queue: works of one state, oldest change first.
    index('works_status_updated_idx')
      .on(t.status, t.updatedAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    check('works_status_ck', sql`${t.status} in ('in_review', 'published', 'rejected')`),
    check('works_source_ck', sql`${t.source} in ('original', 'remix')`),
    check('works_level_ck', sql`${t.level} between 0 and 2`),
    check(
      'works_counts_nonneg',
      sql`${t.likeCount} >= 0 and ${t.favorCount} >= 0 and ${t.downloadCount} >= 0 and ${t.commentCount} >= 0`,
    ),
    // SPEC 5 bounds, also held by the database (LIMITS in the contract).
    check('works_title_len_ck', sql`char_length(${t.title}) between 1 and 100`),
    check('works_summary_len_ck', sql`char_length(${t.summary}) <= 2000`),
    check('works_remix_source_ck', sql`${t.source} <> 'remix' or ${t.sourceUrl} <> ''`),
    check(
      'works_list_lengths_ck',
      sql`jsonb_array_length(${t.cover}) <= 9 and jsonb_array_length(${t.projectFile}) <= 20 and jsonb_array_length(${t.tags}) <= 20 and jsonb_array_length(${t.useMaterial}) <= 30`,
    ),
    check('works_published_at_ck', sql`${t.status} <> 'published' or ${t.publishedAt} is not null`),
  ],
);

/** A work belongs to at least one category (SPEC 5); enforced by the service. */
export const workCategories = pgTable(
  'work_categories',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.workId, t.categoryId] }),
    index('work_categories_category_idx').on(t.categoryId, t.workId),
  ],
);

/**
 * SPEC 7 download: one row per user, work and (UTC) day, so a user's
 * downloads count once a day; works.download_count grows only with a new row.
 */
export const workDownloads = pgTable(
  'work_downloads',
  {
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workId, t.userId, t.day] }),
    index('work_downloads_user_idx').on(t.userId, t.day),
  ],
);

export const REVIEW_DECISIONS = ['approved', 'rejected'] as const;

/** Moderators' decisions on works (DESIGN 3), newest last: who decided what, and why. */
export const workReviews = pgTable(
  'work_reviews',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: REVIEW_DECISIONS }).notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('work_reviews_work_idx').on(t.workId, t.createdAt),
    check('work_reviews_decision_ck', sql`${t.decision} in ('approved', 'rejected')`),
  ],
);
