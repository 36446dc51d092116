import {
  Code,
  encodeRejection,
  type TModerationItem,
  type TPageQuery,
  type TRejectWorkRequest,
  type TReviewStatus,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { pageOf } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { NotificationsService, TSignal } from '../notifications';
import type { TPointsTasks } from '../points';
import { toModerationItem, workRecords } from '../works';

export type TReviewDecision = { id: number; status: TReviewStatus; rejection_reason: string };

/**
 * DESIGN 3 review by people: moderators and admins list works by state and
 * approve or reject them (with a reason the owner sees). A decision also
 * answers the work's open appeal, is kept in work_reviews and the audit log
 * (moderation_actions), and reaches the
 * owner as a system notification when it changes the work's state.
 */
export class ModerationService {
  private readonly uow: UnitOfWork;

  constructor(
    private readonly deps: {
      db: TDatabase;
      clock: TClock;
      notifications?: NotificationsService;
      /** SPEC 1 points task "first work published": an approval can be that moment. */
      points?: Pick<TPointsTasks, 'workPublished'>;
    },
  ) {
    this.uow = new UnitOfWork(deps.db);
  }

  async list(
    status: TReviewStatus,
    query: TPageQuery,
  ): Promise<{ data: TModerationItem[]; total: number }> {
    const { rows, total } = await workRecords(this.deps.db).listByStatus(status, pageOf(query));
    return { data: rows.map(toModerationItem), total };
  }

  approve(id: number, moderator: TAuth): Promise<TReviewDecision> {
    return this.decide(id, moderator, 'published', '');
  }

  /**
   * A preset reason is kept as its code (`encodeRejection`), so the owner
   * reads it in their language wherever it is shown (`rejectionText`).
   */
  reject(id: number, moderator: TAuth, request: TRejectWorkRequest): Promise<TReviewDecision> {
    return this.decide(id, moderator, 'rejected', encodeRejection(request.preset, request.reason));
  }

  private async decide(
    id: number,
    moderator: TAuth,
    status: 'published' | 'rejected',
    reason: string,
  ): Promise<TReviewDecision> {
    const { clock, notifications } = this.deps;
    let signals: TSignal[] = [];
    const decision = await this.uow.run(async (tx) => {
      const works = tx.workRecords;
      const found = await works.findById(id, { lock: true });
      if (!found) throw new AppError(Code.NOT_FOUND, 'notFound');
      // Nobody reviews their own work, even after another reviewer decided on
      // it. The work is visible to them (DESIGN 3), so 403 with the reason.
      if (found.work.userId === moderator.userId) {
        throw new AppError(Code.FORBIDDEN, 'reviewOwnWork');
      }
      const now = clock();
      await works.update(id, {
        status,
        rejectionReason: reason,
        updatedAt: now,
        // First publication dates the work in the feed; a later approval keeps that date.
        publishedAt:
          status === 'published' ? (found.work.publishedAt ?? now) : found.work.publishedAt,
      });
      await tx.moderation.recordDecision({
        workId: id,
        reviewerId: moderator.userId,
        decision: status === 'published' ? 'approved' : 'rejected',
        reason,
        createdAt: now,
      });
      await tx.auditRecords.record({
        actorId: moderator.userId,
        action: status === 'published' ? 'work_approve' : 'work_reject',
        itemKind: 'work',
        itemId: id,
        reason,
        detail: { from: found.work.status, to: status },
        createdAt: now,
      });
      await tx.openAppeals.closeOpen(
        id,
        status === 'published' ? 'accepted' : 'rejected',
        moderator.userId,
        now,
      );
      if (status === 'published' && found.work.status !== 'published') {
        await this.deps.points?.workPublished(tx, found.work.userId);
      }
      if (notifications && found.work.status !== status) {
        signals = await notifications.reviewed(tx, found.work, status, reason);
      }
      return { id, status, rejection_reason: reason };
    });
    notifications?.signal(signals);
    return decision;
  }
}
