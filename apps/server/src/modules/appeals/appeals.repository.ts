import { and, eq } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { appeals } from '../../db/schema';

export type TAppealRow = typeof appeals.$inferSelect;

/** All SQL of appeals (SPEC 3 Appeal). */
export class AppealsRepository {
  constructor(private readonly db: TDatabase) {}

  /** Fails with a unique violation when the work already has an open appeal. */
  async insert(values: {
    workId: number;
    userId: number;
    reason: string;
    rejectionReason: string;
    createdAt: Date;
  }): Promise<TAppealRow> {
    const [row] = await this.db.insert(appeals).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** The moderator's next decision on the work answers its open appeal. */
  async closeOpen(
    workId: number,
    outcome: 'accepted' | 'rejected',
    resolvedBy: number,
    now: Date,
  ): Promise<void> {
    await this.db
      .update(appeals)
      .set({ status: outcome, resolvedBy, resolvedAt: now })
      .where(and(eq(appeals.workId, workId), eq(appeals.status, 'open')));
  }
}
