import type { TRole } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { type TUserRow, UsersRepository } from './users.repository';

/** A user account as stored: e-mail, role, password hash, profile. */
export type TAccount = TUserRow;

/**
 * What other modules may read and write of user accounts (ADR 0047): the
 * auth module's login, register, reset and password change. The rest of the
 * users table (profiles, roles) stays with this module.
 */
export interface UserAccounts {
  /** E-mails are unique case-insensitively (users_email_lower_uq). */
  findByEmail(email: string): Promise<TAccount | undefined>;
  findById(id: number): Promise<TAccount | undefined>;
  /** Throws a unique violation (kernel/unique-violation) when the e-mail is taken. */
  insert(values: {
    email: string;
    passwordHash: string;
    nickname: string;
    role?: TRole;
    createdAt?: Date;
  }): Promise<TAccount>;
  updatePassword(id: number, passwordHash: string, now: Date): Promise<void>;
}

/** The accounts on `db` (the database; a unit of work hands them out as `tx.userAccounts`). */
export function userAccounts(db: TDatabase): UserAccounts {
  return new UsersRepository(db);
}
