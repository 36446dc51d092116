import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { comments } from './comments';
import { posts } from './community';
import { users } from './users';
import { works } from './works';

export const NOTIFICATION_KINDS = ['comment', 'liked', 'favor', 'follow', 'system'] as const;
export const SYSTEM_TYPES = ['message', 'work_approved', 'work_rejected'] as const;

/**
 * SPEC 2 Notifications (comment, liked, favor, follow, system), one row per
 * recipient, written in the transaction of the action that causes it and
 * removed when the action is undone (unlike, uncollect, unfollow, comment
 * deleted). System messages are rows of kind 'system' without an actor:
 * generated ones (`system_type` work_approved or work_rejected, `content`
 * the reason) or free text a moderator or admin sent (`message`).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    systemType: text('system_type', { enum: SYSTEM_TYPES }),
    workId: integer('work_id').references(() => works.id, { onDelete: 'cascade' }),
    /** A like or comment on a community post (ADR 0013); at most one of work and post. */
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    content: text('content').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The five lists: one kind of one recipient, newest first.
    index('notifications_recipient_kind_idx').on(
      t.recipientId,
      t.kind,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    // Unread counts per kind stay cheap however long the history grows.
    index('notifications_unread_idx').on(t.recipientId, t.kind).where(sql`${t.readAt} is null`),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_post_idx').on(t.postId),
    check('notifications_subject_ck', sql`${t.workId} is null or ${t.postId} is null`),
    check(
      'notifications_kind_ck',
      sql`${t.kind} in ('comment', 'liked', 'favor', 'follow', 'system')`,
    ),
    check(
      'notifications_system_ck',
      sql`(${t.kind} = 'system') = (${t.systemType} is not null) and (${t.kind} = 'system' or ${t.actorId} is not null)`,
    ),
  ],
);
