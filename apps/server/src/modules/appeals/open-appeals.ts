import type { TDatabase } from '../../db/client';
import { AppealsRepository } from './appeals.repository';

/**
 * What the moderation module may do to appeals (ADR 0047): the moderator's
 * next decision on a work answers its open appeal (SPEC 3 Appeal, DESIGN 3),
 * on the decision's unit of work (`tx.openAppeals`, ADR 0045).
 */
export interface OpenAppeals {
  closeOpen(
    workId: number,
    outcome: 'accepted' | 'rejected',
    resolvedBy: number,
    now: Date,
  ): Promise<void>;
}

/** The open appeals on `db` (a unit of work hands them out as `tx.openAppeals`). */
export function openAppeals(db: TDatabase): OpenAppeals {
  return new AppealsRepository(db);
}
