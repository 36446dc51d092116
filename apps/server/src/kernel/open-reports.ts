import type { TReportItemKind } from '@layerline/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDatabase } from '../db/client';
import { reports } from '../db/schema';

/**
 * A deleted work, post or comment has nothing left to report: its open
 * reports are resolved by whoever deleted it, in the deletion's transaction
 * (ADR 0014), so the console's queue never holds reports of removed items
 * and the reporters may report again should it come back. Answers how many
 * were closed.
 */
export async function closeReportsOf(
  tx: TDatabase,
  kind: TReportItemKind,
  ids: readonly number[],
  by: number,
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const closed = await tx
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
