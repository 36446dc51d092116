import { Code, type TAppealRequest } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import { assertOwner } from '../works';

export type TAppealResult = {
  id: number;
  work_id: number;
  status: 'open';
  work_status: 'in_review';
};

/**
 * SPEC 3 Appeal, SPEC 5 (reason required, non-empty): the owner of a work
 * that did not pass review asks again; the work goes back to review
 * (DESIGN 3) and the appeal waits for the moderator's next decision.
 */
export class AppealsService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: { db: TDatabase; clock: TClock }) {
    this.uow = new UnitOfWork(deps.db);
  }

  async submit(viewer: TAuth, request: TAppealRequest): Promise<TAppealResult> {
    const { clock } = this.deps;
    return this.uow.run(async (tx) => {
      const works = tx.workRecords;
      const found = await works.findById(request.work_id, { lock: true });
      if (!found) throw new AppError(Code.NOT_FOUND, 'notFound');
      assertOwner(found.work, viewer);
      // Also answers a second appeal: the first one put the work back in review.
      if (found.work.status !== 'rejected') {
        throw new AppError(Code.BAD_REQUEST, 'appealOnlyRejected');
      }
      const now = clock();
      const appeal = await tx.appeals.insert({
        workId: found.work.id,
        userId: viewer.userId,
        reason: request.appeal_reason,
        rejectionReason: found.work.rejectionReason,
        createdAt: now,
      });
      await works.update(found.work.id, {
        status: 'in_review',
        rejectionReason: '',
        updatedAt: now,
      });
      return { id: appeal.id, work_id: found.work.id, status: 'open', work_status: 'in_review' };
    });
  }
}
