import type { TReportItemKind } from '@layerline/contract';
import type { TDatabase } from '../db/client';
import { OpenReportsRepository } from './open-reports.repository';

/** Closes the open reports of deleted items in the deletion's transaction (see OpenReportsRepository). */
export function closeReportsOf(
  tx: TDatabase,
  kind: TReportItemKind,
  ids: readonly number[],
  by: number,
  now: Date,
): Promise<number> {
  return new OpenReportsRepository(tx).closeReportsOf(kind, ids, by, now);
}
