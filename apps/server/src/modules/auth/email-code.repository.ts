import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { emailCodes, type TEmailCodePurpose } from '../../db/schema';

export type TEmailCodeRow = typeof emailCodes.$inferSelect;

/** All SQL of e-mail verification codes. */
export class EmailCodeRepository {
  constructor(private readonly db: TDatabase) {}

  async insert(row: {
    email: string;
    purpose: TEmailCodePurpose;
    codeHash: string;
    expiresAt: Date;
    createdAt: Date;
  }): Promise<number> {
    const [inserted] = await this.db
      .insert(emailCodes)
      .values(row)
      .returning({ id: emailCodes.id });
    if (!inserted) throw new Error('insert returned no row');
    return inserted.id;
  }

  async delete(id: number): Promise<void> {
    await this.db.delete(emailCodes).where(eq(emailCodes.id, id));
  }

  /** Only the newest code of an address and purpose counts; a new send replaces the old one. */
  async latest(email: string, purpose: TEmailCodePurpose): Promise<TEmailCodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.id))
      .limit(1);
    return row;
  }

  async addAttempt(id: number): Promise<void> {
    await this.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, id));
  }

  /** Uses the code up in one statement; false when it was used, dead or expired meanwhile. */
  async consume(id: number, now: Date, maxAttempts: number): Promise<boolean> {
    const rows = await this.db
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(emailCodes.id, id),
          isNull(emailCodes.consumedAt),
          lt(emailCodes.attempts, maxAttempts),
          gt(emailCodes.expiresAt, now),
        ),
      )
      .returning({ id: emailCodes.id });
    return rows.length > 0;
  }

  async deleteExpired(before: Date): Promise<void> {
    await this.db.delete(emailCodes).where(lt(emailCodes.expiresAt, before));
  }
}
