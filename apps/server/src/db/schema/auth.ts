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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Login captchas (SPEC 4): single use, short-lived. Only a keyed hash of the
 * answer is kept, so a database dump does not hand out valid answers.
 */
export const captchas = pgTable(
  'captchas',
  {
    id: uuid('id').primaryKey(),
    answerHash: text('answer_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('captchas_expires_at_idx').on(t.expiresAt)],
);

export const EMAIL_CODE_PURPOSES = ['register', 'reset'] as const;
export type TEmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/**
 * E-mail verification codes (SPEC 4, 8): register and password reset. Only
 * the newest code of an address and purpose counts; `attempts` counts wrong
 * tries, and a code dies at the limit.
 */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    /** Lowercased. */
    email: text('email').notNull(),
    purpose: text('purpose', { enum: EMAIL_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('email_codes_email_purpose_idx').on(t.email, t.purpose, t.id),
    index('email_codes_expires_at_idx').on(t.expiresAt),
    check('email_codes_attempts_nonneg', sql`${t.attempts} >= 0`),
    check('email_codes_purpose_ck', sql`${t.purpose} in ('register', 'reset')`),
  ],
);

/**
 * A login session: one family of rotating refresh tokens (DESIGN 3). Its id
 * is the access token's `sid`, so revoking the row ends the access tokens of
 * the family at once, not when they expire.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull().defaultNow(),
    lastUsedAt: at('last_used_at').notNull().defaultNow(),
    revokedAt: at('revoked_at'),
    /** 'logout', 'password', 'reuse' (a rotated refresh token came back). */
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_last_used_idx').on(t.lastUsedAt),
  ],
);

/**
 * Refresh tokens, one row per token, stored as a keyed hash. A rotated token
 * keeps its row (rotated_at set) until it expires, so a replay is recognised
 * and revokes its family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    rotatedAt: at('rotated_at'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_expires_at_idx').on(t.expiresAt),
  ],
);

/** Server-wide values that every instance on the database shares (e.g. the signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});
