import { Code, type TReviewStatus } from '@layerline/contract';
import type { TReviewMode } from '../../config';
import { AppError } from '../../http/app-error';
import { hasRole, type TAuth } from '../../kernel/request-auth';

type TWorkAccess = { userId: number; status: string };

export const isOwner = (work: TWorkAccess, viewer: TAuth | null) =>
  viewer !== null && viewer.userId === work.userId;

/**
 * DESIGN 3: a published work is visible to everybody; one in review or
 * rejected only to its owner (SPEC 6 work owner) and to moderators, who
 * review it. Deleted works are visible to nobody (the repository skips them).
 */
export function canView(work: TWorkAccess, viewer: TAuth | null): boolean {
  return work.status === 'published' || isOwner(work, viewer) || hasRole(viewer, 'moderator');
}

/** 404 for a work the viewer may not see, as if it did not exist. */
export function assertVisible(work: TWorkAccess | undefined, viewer: TAuth | null): void {
  if (!work || !canView(work, viewer)) throw new AppError(Code.NOT_FOUND, 'notFound');
}

/**
 * SPEC 6: only the owner edits, deletes or appeals a work. DESIGN 3: a work
 * the caller may not see answers 404 exactly as a missing id does, so hidden
 * works cannot be told apart; 403 only for a work the caller can see.
 */
export function assertOwner(work: TWorkAccess, viewer: TAuth | null): void {
  assertVisible(work, viewer);
  if (!isOwner(work, viewer)) throw new AppError(Code.FORBIDDEN, 'workNotOwner');
}

/**
 * The state after the owner saves (DESIGN 3). `manual`: always back to
 * review. `auto`: the automatic checks (sensitive words, file checks) have
 * passed, so published, except that a work a moderator rejected stays with
 * the moderators (in review) rather than publishing itself by an edit.
 */
export function statusAfterSave(mode: TReviewMode, previous?: TReviewStatus): TReviewStatus {
  if (mode === 'manual' || previous === 'rejected') return 'in_review';
  return 'published';
}
