import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { posts } from './community';
import { users } from './users';
import { works } from './works';

/**
 * SPEC 3 Comment and reply. A comment has no parent; a reply belongs to one
 * comment's thread (`parent_id`, one level deep) and answers a comment or
 * reply of it (`reply_to_id`) and its author (`reply_to_user_id`).
 * Deleting is soft; works.comment_count counts the rows not deleted,
 * replies included (SPEC 7 comment_total).
 *
 * A comment's subject is a work or a community post (ADR 0013): exactly one
 * of `work_id` and `post_id` is set, and a reply has its thread's subject
 * (comments.service). posts.comment_count counts as works.comment_count.
 */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    workId: integer('work_id').references(() => works.id, { onDelete: 'cascade' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    replyToId: integer('reply_to_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'set null',
    }),
    replyToUserId: integer('reply_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A work's comments, newest first (withsub).
    index('comments_work_top_idx')
      .on(t.workId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    // A thread's replies, oldest first (sub, first reply, reply counts).
    index('comments_parent_idx')
      .on(t.parentId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('comments_work_live_idx').on(t.workId).where(sql`${t.deletedAt} is null`),
    // A post's comments, newest first, and its live rows.
    index('comments_post_top_idx')
      .on(t.postId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.parentId} is null and ${t.deletedAt} is null`),
    index('comments_post_live_idx').on(t.postId).where(sql`${t.deletedAt} is null`),
    // My activity: what a user commented on, newest first.
    index('comments_user_created_idx').on(t.userId, t.createdAt.desc()),
    check('comments_subject_ck', sql`num_nonnulls(${t.workId}, ${t.postId}) = 1`),
    check('comments_content_len_ck', sql`char_length(${t.content}) between 1 and 1000`),
    check('comments_reply_shape_ck', sql`${t.parentId} is not null or ${t.replyToId} is null`),
  ],
);
