import { Code, type TAppealRequest } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import { assertOwner, workRecords } from '../works';
import { AppealsRepository } from './appeals.repository';

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
  constructor(private readonly deps: { db: TDatabase; clock: TClock }) {}

  async submit(viewer: TAuth, request: TAppealRequest): Promise<TAppealResult> {
    const { db, clock } = this.deps;
    return db.transaction(async (tx) => {
      const works = workRecords(tx);
      const found = await works.findById(request.work_id, { lock: true });
      if (!found) throw new AppError(Code.NOT_FOUND, 'notFound');
      assertOwner(found.work, viewer);
      // Also answers a second appeal: the first one put the work back in review.
      if (found.work.status !== 'rejected') {
        throw new AppError(Code.BAD_REQUEST, 'appealOnlyRejected');
      }
      const now = clock();
      const appeal = await new AppealsRepository(tx).insert({
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
