import type { TGender, TRole } from '@layerline/contract';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { users } from '../../db/schema';

export type TUserRow = typeof users.$inferSelect;

export type TProfileUpdate = {
  nickname: string;
  gender: TGender;
  birthday: string;
  bio?: string;
  avatar?: string;
  favorPublic?: boolean;
  likesPublic?: boolean;
};

/** All SQL of user accounts and profiles. */
export class UsersRepository {
  constructor(private readonly db: TDatabase) {}

  /** E-mails are unique case-insensitively (users_email_lower_uq). */
  async findByEmail(email: string): Promise<TUserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    return row;
  }

  async findById(id: number): Promise<TUserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Throws a unique violation when the e-mail is taken (see isUniqueViolation). */
  async insert(values: {
    email: string;
    passwordHash: string;
    nickname: string;
    role?: TRole;
    createdAt?: Date;
  }): Promise<TUserRow> {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, updatedAt: values.createdAt })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async updatePassword(id: number, passwordHash: string, now: Date): Promise<void> {
    await this.db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
  }

  async updateRole(id: number, role: TRole, now: Date): Promise<void> {
    await this.db.update(users).set({ role, updatedAt: now }).where(eq(users.id, id));
  }

  async updateProfile(
    id: number,
    profile: TProfileUpdate,
    now: Date,
  ): Promise<TUserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, id))
      .returning();
    return row;
  }
}
