import type { TReportItemKind } from '@layerline/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { reports } from '../db/schema';

/** The SQL every deleting module shares about reports (ADR 0014). */
export class OpenReportsRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * A deleted work, post or comment has nothing left to report: its open
   * reports are resolved by whoever deleted it, on the deletion's unit of
   * work (ADR 0014), so the console's queue never holds reports of removed
   * items and the reporters may report again should it come back. Answers
   * how many were closed.
   */
  async closeReportsOf(
    kind: TReportItemKind,
    ids: readonly number[],
    by: number,
    now: Date,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const closed = await this.db
      .update(reports)
      .set({ status: 'resolved', resolvedBy: by, resolvedAt: now })
      .where(
        and(
          eq(reports.itemKind, kind),
          inArray(reports.itemId, [...ids]),
          eq(reports.status, 'open'),
        ),
      )
      .returning({ id: reports.id });
    return closed.length;
  }
}
