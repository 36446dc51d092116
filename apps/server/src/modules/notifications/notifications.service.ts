import {
  Code,
  type TLocale,
  type TMarkReadRequest,
  type TNotification,
  type TNotificationKind,
  type TNotificationQuery,
  type TSystemMessageRequest,
  type TUnreadCounts,
} from '@layerline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import type { TRepositories } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { hasRole, type TAuth } from '../../kernel/request-auth';
import type { TClock } from '../../lib/clock';
import type { LiveEvents } from '../../lib/live-events';
import { workRecords } from '../works';
import { toNotification, toUnreadCounts } from './notifications.mapper';
import {
  NotificationsRepository,
  type TNewNotification,
  type TRetraction,
} from './notifications.repository';

/** Whose counts changed, and through which kind: pushed to open streams after commit. */
export type TSignal = { userId: number; kind: TNotificationKind | null };

export type TNotificationsDeps = {
  db: TDatabase;
  events: LiveEvents;
  clock: TClock;
  log: Pick<FastifyBaseLogger, 'warn'>;
};

const toSignals = (userIds: number[], kind: TNotificationKind | null): TSignal[] =>
  userIds.map((userId) => ({ userId, kind }));

/**
 * SPEC 2 Notifications. Actions of other modules write theirs with `add` and
 * `retract` inside their own transaction (so a notification exists exactly
 * when its action does) and call `signal` once committed.
 */
export class NotificationsService {
  constructor(private readonly deps: TNotificationsDeps) {}

  /**
   * Nobody is notified of their own action (liking or commenting on their own
   * work or post). A like or comment names its subject with `workId` or, on a
   * community post, `postId` (ADR 0013), never both.
   */
  async add(tx: TRepositories, values: Omit<TNewNotification, 'createdAt'>): Promise<TSignal[]> {
    if (values.actorId === values.recipientId) return [];
    await tx.notifications.insert({ ...values, createdAt: this.deps.clock() });
    return [{ userId: values.recipientId, kind: values.kind }];
  }

  /**
   * Undoing a like, collect or follow takes its notification back, read or
   * not; `workId` or `postId` says which subject's like it was.
   */
  async retract(tx: TRepositories, match: TRetraction): Promise<TSignal[]> {
    return toSignals(await tx.notifications.retract(match), match.kind);
  }

  async retractComments(tx: TRepositories, commentIds: number[]): Promise<TSignal[]> {
    return toSignals(await tx.notifications.retractComments(commentIds), 'comment');
  }

  /** DESIGN 3 review decisions reach the owner as system messages. */
  reviewed(
    tx: TRepositories,
    work: { id: number; userId: number },
    decision: 'published' | 'rejected',
    reason: string,
  ): Promise<TSignal[]> {
    return this.add(tx, {
      recipientId: work.userId,
      actorId: null,
      kind: 'system',
      systemType: decision === 'published' ? 'work_approved' : 'work_rejected',
      workId: work.id,
      content: reason,
    });
  }

  /** Pushes the changes to open streams of every instance; never fails the action. */
  signal(signals: TSignal[]): void {
    const byKind = new Map<TNotificationKind | null, Set<number>>();
    for (const { userId, kind } of signals) {
      const ids = byKind.get(kind) ?? new Set<number>();
      ids.add(userId);
      byKind.set(kind, ids);
    }
    for (const [kind, ids] of byKind) {
      this.deps.events.publish('notify', { userIds: [...ids], kind }).catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'live event failed');
      });
    }
  }

  async list(
    userId: number,
    kind: TNotificationKind,
    query: TNotificationQuery,
    locale: TLocale,
  ): Promise<{ data: TNotification[]; total: number }> {
    const { rows, total } = await new NotificationsRepository(this.deps.db).list(userId, kind, {
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { data: rows.map((row) => toNotification(row, locale)), total };
  }

  async unread(userId: number): Promise<TUnreadCounts> {
    return toUnreadCounts(await new NotificationsRepository(this.deps.db).unreadByKind(userId));
  }

  async markRead(userId: number, request: TMarkReadRequest): Promise<TUnreadCounts> {
    const changed = await new NotificationsRepository(this.deps.db).markRead(
      userId,
      request,
      this.deps.clock(),
    );
    // The user's other tabs drop their badges too.
    if (changed > 0) this.signal([{ userId, kind: null }]);
    return this.unread(userId);
  }

  /** A moderator writes to one user; only an admin writes to everybody. */
  async sendSystem(sender: TAuth, request: TSystemMessageRequest): Promise<{ count: number }> {
    const { db, clock } = this.deps;
    const repository = new NotificationsRepository(db);
    const workId = request.work_id ?? null;
    if (workId !== null && !(await workRecords(db).findById(workId))) {
      throw new AppError(Code.NOT_FOUND, 'notFound');
    }
    const values = { title: request.title, content: request.content, workId, createdAt: clock() };
    if (request.user_id === undefined) {
      if (!hasRole(sender, 'admin')) throw new AppError(Code.FORBIDDEN, 'broadcastAdminOnly');
      const count = await repository.broadcastSystem(values);
      this.deps.events
        .publish('notify', { userIds: 'all', kind: 'system' })
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'live event failed'));
      return { count };
    }
    if (!(await repository.userExists(request.user_id))) {
      throw new AppError(Code.NOT_FOUND, 'notFound');
    }
    await repository.insert({
      ...values,
      recipientId: request.user_id,
      actorId: null,
      kind: 'system',
      systemType: 'message',
    });
    this.signal([{ userId: request.user_id, kind: 'system' }]);
    return { count: 1 };
  }
}
