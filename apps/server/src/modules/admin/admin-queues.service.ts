import { Code, type TFeedbackStatus, type TPageQuery } from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { pageOf } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { TFeedbackRow } from '../feedback';
import { AdminQueuesRepository } from './admin-queues.repository';

const toAdminFeedback = ({ row, nickname }: { row: TFeedbackRow; nickname: string | null }) => ({
  id: row.id,
  user: row.userId === null ? null : { id: row.userId, nickname: nickname ?? '' },
  suggestion: row.suggestion,
  contact: row.contact,
  pictures: row.pictures,
  status: row.status,
  locale: row.locale,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * A console row of a post or comment: its author and time in the answer's
 * shape; the repository selects the other columns under their answer names.
 */
const toAuthored = <R extends { userId: number; nickname: string; createdAt: Date }>({
  userId,
  nickname,
  createdAt,
  ...rest
}: R) => ({ ...rest, user: { id: userId, nickname }, created_at: createdAt.toISOString() });

/** The console's queues: counts, the feedback inbox and appeals beside their works. */
export class AdminQueuesService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: { db: TDatabase; clock: TClock }) {
    this.uow = new UnitOfWork(deps.db);
  }

  summary() {
    return new AdminQueuesRepository(this.deps.db).summary();
  }

  async listFeedback(query: TPageQuery & { status?: TFeedbackStatus }) {
    const repository = new AdminQueuesRepository(this.deps.db);
    const { rows, total } = await repository.listFeedback(query.status, pageOf(query));
    return { data: rows.map(toAdminFeedback), total, counts: await repository.feedbackCounts() };
  }

  async setFeedbackStatus(actor: TAuth, id: number, status: TFeedbackStatus) {
    const { clock } = this.deps;
    return this.uow.run(async (tx) => {
      const repository = tx.adminQueues;
      const found = await repository.findFeedback(id);
      if (!found) throw new AppError(Code.NOT_FOUND, 'notFound');
      const now = clock();
      if (found.row.status !== status) {
        await repository.setFeedbackStatus(id, status, now);
        await tx.auditRecords.record({
          actorId: actor.userId,
          action: 'feedback_status',
          itemKind: 'feedback',
          itemId: id,
          detail: { from: found.row.status, to: status },
          createdAt: now,
        });
      }
      return toAdminFeedback({ ...found, row: { ...found.row, status, updatedAt: now } });
    });
  }

  async listAppeals(query: TPageQuery & { status: 'open' | 'accepted' | 'rejected' }) {
    const { rows, total } = await new AdminQueuesRepository(this.deps.db).listAppeals(
      query.status,
      pageOf(query),
    );
    return {
      data: rows.map(({ appeal, nickname, work }) => ({
        id: appeal.id,
        status: appeal.status,
        reason: appeal.reason,
        rejection_reason: appeal.rejectionReason,
        user: { id: appeal.userId, nickname: nickname ?? '' },
        created_at: appeal.createdAt.toISOString(),
        resolved_at: appeal.resolvedAt?.toISOString() ?? null,
        work: {
          id: work.id,
          title: work.title,
          summary: work.summary,
          status: work.status,
          cover: work.cover,
          updated_at: work.updatedAt.toISOString(),
        },
      })),
      total,
    };
  }

  async listPosts(query: TPageQuery & { user_id?: number }) {
    const { rows, total } = await new AdminQueuesRepository(this.deps.db).listPosts(
      query.user_id,
      pageOf(query),
    );
    return { data: rows.map(toAuthored), total };
  }

  async listComments(query: TPageQuery & { user_id?: number }) {
    const { rows, total } = await new AdminQueuesRepository(this.deps.db).listComments(
      query.user_id,
      pageOf(query),
    );
    return { data: rows.map(toAuthored), total };
  }
}
