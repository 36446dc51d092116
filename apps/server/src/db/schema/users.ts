import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export const GENDERS = ['male', 'female', 'confidential'] as const;

/** SPEC 3 client profile and user counters; DESIGN 3 roles. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    gender: text('gender', { enum: GENDERS }).notNull().default('confidential'),
    birthday: date('birthday'),
    bio: text('bio').notNull().default(''),
    /** ADR 0010: favourites are private unless their owner makes them public. */
    favorPublic: boolean('favor_public').notNull().default(false),
    /** ADR 0019: the works a maker liked show on their profile only when they make them public. */
    likesPublic: boolean('likes_public').notNull().default(false),
    /** Shown as creatorTag on works and in the author hover card. */
    tag: text('tag').notNull().default(''),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    points: integer('points').notNull().default(0),
    /** SPEC 3 user counters: whom the user follows, who follows the user (kept with user_follows). */
    followCount: integer('follow_count').notNull().default(0),
    fansCount: integer('fans_count').notNull().default(0),
    /** Moderation console: a suspended user can log in and read but not publish, post or comment. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason').notNull().default(''),
    suspendedBy: integer('suspended_by'),
    /** When a suspension ends by itself; null while it lasts until lifted. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    check('users_points_nonneg', sql`${t.points} >= 0`),
    check('users_follow_counts_nonneg', sql`${t.followCount} >= 0 and ${t.fansCount} >= 0`),
    check('users_gender_ck', sql`${t.gender} in ('male', 'female', 'confidential')`),
    check('users_role_ck', sql`${t.role} in ('user', 'moderator', 'admin')`),
  ],
);
