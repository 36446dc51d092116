import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
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
    check('works_status_ck', sql`${t.status} in ('in_review', 'published', 'rejected')`),
    check('works_source_ck', sql`${t.source} in ('original', 'remix')`),
    check('works_level_ck', sql`${t.level} between 0 and 2`),
    check(
      'works_counts_nonneg',
      sql`${t.likeCount} >= 0 and ${t.favorCount} >= 0 and ${t.downloadCount} >= 0 and ${t.commentCount} >= 0`,
    ),
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
