import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { TRole, TTokens } from '@layerline/contract';
import type { TDatabase } from '../db/client';
import type { users } from '../db/schema';
import { UnitOfWork } from '../db/unit-of-work';
import { hashPassword } from '../kernel/password-hash';
import { systemClock, type TClock } from '../lib/clock';
import { loadAuthKeys, TokenService } from '../modules/auth';
import { SessionRepository } from '../modules/auth/session.repository';
import type { TOutboxEntry } from '../modules/mail';
import { createUser } from './factories';
import { encryptPassword } from './password-cipher';
import type { TTestApp } from './test-app';

/** The answer of every captcha in tests that pass it as AUTH_TEST_CAPTCHA. */
export const TEST_CAPTCHA = 'T3st';

/** A user whose password really verifies (factory users cannot log in). */
export async function createUserWithPassword(
  db: TDatabase,
  password: string,
  overrides: Partial<typeof users.$inferInsert> = {},
) {
  return createUser(db, { ...overrides, passwordHash: await hashPassword(password) });
}

export type TSignedIn = TTokens & { headers: { authorization: string } };

/**
 * A session for `userId` without the login endpoint (no captcha, no limits),
 * signed with the app's own keys: for tests of routes that need a user.
 */
export async function signIn(
  t: Pick<TTestApp, 'db' | 'config'>,
  userId: number,
  options: { role?: TRole; clock?: TClock } = {},
): Promise<TSignedIn> {
  const tokens = new TokenService({
    db: t.db,
    repository: new SessionRepository(t.db),
    keys: await loadAuthKeys(t.db, t.config),
    clock: options.clock ?? systemClock,
  });
  const issued = await tokens.issue(
    new UnitOfWork(t.db).repositories,
    userId,
    options.role ?? 'user',
  );
  return { ...issued, headers: { authorization: `Bearer ${issued.access_token}` } };
}

/** The mails the outbox mailer kept (no SMTP_URL), oldest first. */
export async function readOutbox(t: Pick<TTestApp, 'dataDir'>): Promise<TOutboxEntry[]> {
  const file = path.join(t.dataDir, 'mail', 'outbox.jsonl');
  const text = await readFile(file, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TOutboxEntry);
}

export function codeIn(mail: { text: string }): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no 6-digit code in mail: ${mail.text}`);
  return match[1];
}

/** The code of the newest outbox mail to `email`. */
export async function lastCodeFor(t: Pick<TTestApp, 'dataDir'>, email: string): Promise<string> {
  const mails = (await readOutbox(t)).filter((mail) => mail.to === email.toLowerCase());
  const last = mails.at(-1);
  if (!last) throw new Error(`no mail to ${email} in the outbox`);
  return codeIn(last);
}

/** POST /user/login through the API with a fresh captcha (needs AUTH_TEST_CAPTCHA=TEST_CAPTCHA). */
export async function loginThroughApi(
  t: Pick<TTestApp, 'app'>,
  email: string,
  password: string,
  options: { remoteAddress?: string; captcha?: string } = {},
) {
  const captcha = await t.app.inject({
    method: 'GET',
    url: '/api/v1/user/captcha',
    remoteAddress: options.remoteAddress,
  });
  const { id } = captcha.json() as { id: string };
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/user/login',
    remoteAddress: options.remoteAddress,
    payload: {
      username: email,
      ...encryptPassword(password),
      code: options.captcha ?? TEST_CAPTCHA,
      uuid: id,
    },
  });
}
