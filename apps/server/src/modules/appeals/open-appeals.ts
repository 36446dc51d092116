import type { TDatabase } from '../../db/client';
import { AppealsRepository } from './appeals.repository';

/**
 * The moderator's next decision on a work answers its open appeal (SPEC 3
 * Appeal, DESIGN 3), on the decision's transaction `db` (ADR 0047: the
 * moderation module's way to appeals).
 */
export function closeOpenAppeal(
  db: TDatabase,
  workId: number,
  outcome: 'accepted' | 'rejected',
  resolvedBy: number,
  now: Date,
): Promise<void> {
  return new AppealsRepository(db).closeOpen(workId, outcome, resolvedBy, now);
}
