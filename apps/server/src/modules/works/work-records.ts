import type { TReviewStatus } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import type { TPage } from '../../kernel/pagination';
import {
  type TModerationRow,
  type TWorkValues,
  type TWorkWithAuthor,
  WorksRepository,
} from './works.repository';

export type { TModerationRow, TWorkRow, TWorkWithAuthor } from './works.repository';

/** A work's review state as moderation and appeals change it (DESIGN 3 review states). */
export type TReviewState = Pick<
  Partial<TWorkValues>,
  'status' | 'rejectionReason' | 'updatedAt' | 'publishedAt'
>;

/**
 * What other modules may read and change of works (ADR 0047), on the
 * handle they pass: a work with its author (comments, notifications), the
 * review queue (moderation) and the review state (moderation's decisions,
 * an owner's appeal). Everything else about works goes through WorksService.
 */
export interface WorkRecords {
  /** A work that is not deleted, with its author; `lock` holds the row until the transaction ends. */
  findById(id: number, options?: { lock?: boolean }): Promise<TWorkWithAuthor | undefined>;
  /** The works in one review state, oldest change first, as the queue shows them. */
  listByStatus(
    status: TReviewStatus,
    page: TPage,
  ): Promise<{ rows: TModerationRow[]; total: number }>;
  update(id: number, state: TReviewState): Promise<void>;
}

/** The works on `db` (the database, or the caller's transaction). */
export function workRecords(db: TDatabase): WorkRecords {
  return new WorksRepository(db);
}
