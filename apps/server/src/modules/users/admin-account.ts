import { randomInt } from 'node:crypto';
import { type TRole, ZEmail, ZPassword } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { hashPassword } from '../../kernel/password-hash';
import { UsersRepository } from './users.repository';

/** Letters and digits without look-alikes, so a printed password can be typed. */
const PASSWORD_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export function generatePassword(length = 16): string {
  let password = '';
  for (let i = 0; i < length; i += 1) password += PASSWORD_CHARS[randomInt(PASSWORD_CHARS.length)];
  return password;
}

export type TStaffAccountResult = {
  action: 'created' | 'updated';
  userId: number;
  email: string;
  role: TRole;
  /** Set when the password was generated here and must be shown once. */
  generatedPassword?: string;
};

/**
 * Creates an account with `role`, or gives an existing one that role (and the
 * password, when one is given). Used by `npm run admin -- create` and the
 * ADMIN_EMAIL start-up check. Throws on an invalid e-mail or password.
 */
export async function createOrPromote(
  db: TDatabase,
  input: { email: string; password?: string; role: Exclude<TRole, 'user'> },
): Promise<TStaffAccountResult> {
  const email = ZEmail.parse(input.email).toLowerCase();
  if (input.password !== undefined) ZPassword.parse(input.password);
  const repository = new UsersRepository(db);
  const now = new Date();
  const existing = await repository.findByEmail(email);
  if (existing) {
    await repository.updateRole(existing.id, input.role, now);
    if (input.password !== undefined) {
      await repository.updatePassword(existing.id, await hashPassword(input.password), now);
    }
    return { action: 'updated', userId: existing.id, email: existing.email, role: input.role };
  }
  const generatedPassword = input.password === undefined ? generatePassword() : undefined;
  const password = input.password ?? generatedPassword ?? '';
  const local = email.split('@')[0] ?? '';
  const user = await repository.insert({
    email,
    passwordHash: await hashPassword(password),
    nickname: local.length >= 2 ? local.slice(0, 30) : 'admin',
    role: input.role,
    createdAt: now,
  });
  return { action: 'created', userId: user.id, email, role: input.role, generatedPassword };
}

/** ADMIN_EMAIL / ADMIN_PASSWORD: creates that admin on start when no account has the e-mail. */
export async function ensureAdmin(
  db: TDatabase,
  admin: { email: string; password: string },
): Promise<'created' | 'exists'> {
  if (await new UsersRepository(db).findByEmail(admin.email)) return 'exists';
  await createOrPromote(db, { email: admin.email, password: admin.password, role: 'admin' });
  return 'created';
}
