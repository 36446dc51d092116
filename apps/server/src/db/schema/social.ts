import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { works } from './works';

/**
 * SPEC 4 Social actions. DESIGN 6: one row per (user, work) or (follower,
 * followee), held by the primary key, so a repeated like counts once; the
 * counters on works and users change in the same transaction as the row.
 */
export const workLikes = pgTable(
  'work_likes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    // GET /works/like: a user's likes, newest first.
    index('work_likes_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('work_likes_work_idx').on(t.workId),
  ],
);

/** SPEC 4 collect (favour): as likes. */
export const workFavors = pgTable(
  'work_favors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workId: integer('work_id')
      .notNull()
      .references(() => works.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.workId] }),
    index('work_favors_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('work_favors_work_idx').on(t.workId),
  ],
);

/** SPEC 4 follow; nobody follows themselves (also held by a check). */
export const userFollows = pgTable(
  'user_follows',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followeeId: integer('followee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    index('user_follows_followee_idx').on(t.followeeId, t.followerId),
    check('user_follows_not_self_ck', sql`${t.followerId} <> ${t.followeeId}`),
  ],
);
