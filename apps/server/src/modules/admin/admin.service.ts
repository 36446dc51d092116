import {
  Code,
  type TAdminReport,
  type TAdminUser,
  type TAdminUserDetail,
  type TPageQuery,
  type TReportItemKind,
  type TReportRequest,
  type TReportStatus,
  type TRole,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { pageOf } from '../../kernel/pagination';
import { hasRole, type TAuth } from '../../kernel/request-auth';
import { isSuspended } from '../../kernel/suspension';
import type { TClock } from '../../lib/clock';
import type { Limiter, TLimit } from '../../lib/limiter/limiter';
import { AdminRepository, type TReportRow, type TUserRow } from './admin.repository';

/** Reports per user and window (POST /report). */
export const DEFAULT_REPORT_LIMIT: TLimit = { max: 20, windowMs: 60 * 60_000 };
/** Rows of each recent list on a user's console page. */
const RECENT = 10;

const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');

/** A day, for suspensions of 1, 7 or 30 days. */
const DAY_MS = 24 * 60 * 60_000;

/** `now` decides whether a suspension with an end still holds (one past it reads as lifted). */
export function toAdminUser(row: TUserRow, now: Date = new Date()): TAdminUser {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar,
    role: row.role,
    points: row.points,
    created_at: row.createdAt.toISOString(),
    suspension:
      row.suspendedAt && isSuspended(row, now)
        ? {
            reason: row.suspendedReason,
            at: row.suspendedAt.toISOString(),
            by: row.suspendedBy,
            until: row.suspendedUntil?.toISOString() ?? null,
          }
        : null,
  };
}

function toAdminReport(
  row: { report: TReportRow; nickname: string | null },
  item: TAdminReport['item'],
): TAdminReport {
  const { report } = row;
  return {
    id: report.id,
    kind: report.itemKind,
    item_id: report.itemId,
    reason: report.reason,
    detail: report.detail,
    status: report.status,
    reporter:
      report.reporterId === null ? null : { id: report.reporterId, nickname: row.nickname ?? '' },
    item,
    resolved_by: report.resolvedBy,
    resolved_at: report.resolvedAt?.toISOString() ?? null,
    created_at: report.createdAt.toISOString(),
  };
}

/**
 * The moderation console's users and reports: search users, suspend and
 * lift suspensions, change roles (admins), take reports and close them.
 * Every console action is written to the audit log in its transaction.
 */
export class AdminService {
  private readonly uow: UnitOfWork;

  constructor(
    private readonly deps: {
      db: TDatabase;
      clock: TClock;
      limiter: Limiter;
      reportLimit?: TLimit;
      /** Told after a suspension or role change committed: sessions read it again (ADR 0050). */
      sessions?: { sessionsChanged(userIds: readonly number[]): Promise<void> };
    },
  ) {
    this.uow = new UnitOfWork(deps.db);
  }

  async listUsers(query: TPageQuery & { query?: string }) {
    await this.liftExpired();
    const { rows, total } = await new AdminRepository(this.deps.db).searchUsers(
      query.query || undefined,
      pageOf(query),
    );
    const now = this.deps.clock();
    return { data: rows.map((row) => toAdminUser(row, now)), total };
  }

  /**
   * Lifts the suspensions whose end has passed, each written to the audit log
   * (no actor: time lifted it). Run by a periodic sweep and before the console
   * lists users; until then such a suspension already reads as lifted.
   */
  async liftExpired(): Promise<number[]> {
    const now = this.deps.clock();
    const lifted = await this.uow.run(async (tx) => {
      const rows = await tx.admin.expiredSuspensions(now);
      for (const row of rows) {
        await tx.admin.setSuspension(
          row.id,
          { suspendedAt: null, suspendedReason: '', suspendedBy: null, suspendedUntil: null },
          now,
        );
        await tx.auditRecords.record({
          actorId: null,
          action: 'user_unsuspend',
          itemKind: 'user',
          itemId: row.id,
          reason: '',
          detail: {
            expired: true,
            until: row.suspendedUntil?.toISOString() ?? null,
            previous_reason: row.suspendedReason,
          },
          createdAt: now,
        });
      }
      return rows.map((row) => row.id);
    });
    if (lifted.length > 0) await this.deps.sessions?.sessionsChanged(lifted);
    return lifted;
  }

  async user(id: number): Promise<TAdminUserDetail> {
    await this.liftExpired();
    const repository = new AdminRepository(this.deps.db);
    const row = await repository.findUser(id);
    if (!row) throw notFound();
    const activity = await repository.userActivity(id, RECENT);
    return {
      ...toAdminUser(row, this.deps.clock()),
      counts: activity.counts,
      recent_works: activity.recentWorks.map((work) => ({
        id: work.id,
        title: work.title,
        status: work.status,
        created_at: work.createdAt.toISOString(),
      })),
      recent_posts: activity.recentPosts.map((post) => ({
        id: post.id,
        content: post.content,
        created_at: post.createdAt.toISOString(),
      })),
      points_ledger: activity.ledger.map((entry) => ({
        id: entry.id,
        delta: entry.delta,
        reason: entry.reason,
        note: entry.note,
        balance_after: entry.balanceAfter,
        created_at: entry.createdAt.toISOString(),
        ref_type: entry.refType,
        ref_id: entry.refId,
        ai_kind:
          entry.refType === 'ai_job' ? (activity.jobKinds.get(entry.refId ?? '') ?? null) : null,
      })),
    };
  }

  /**
   * Suspends (`reason` set) or lifts a suspension (`reason` null). Nobody
   * acts on themselves or on an admin; moderators cannot act on moderators.
   */
  async setSuspension(
    actor: TAuth,
    id: number,
    reason: string | null,
    days: number | null = null,
  ): Promise<TAdminUser> {
    const { clock } = this.deps;
    const changed = await this.uow.run(async (tx) => {
      const repository = tx.admin;
      const target = await repository.findUser(id, { lock: true });
      if (!target) throw notFound();
      const isAllowed =
        target.id !== actor.userId &&
        target.role !== 'admin' &&
        (target.role !== 'moderator' || hasRole(actor, 'admin'));
      if (!isAllowed) throw new AppError(Code.FORBIDDEN, 'suspendNotAllowed');
      const now = clock();
      const until = reason !== null && days ? new Date(now.getTime() + days * DAY_MS) : null;
      const values =
        reason === null
          ? { suspendedAt: null, suspendedReason: '', suspendedBy: null, suspendedUntil: null }
          : {
              suspendedAt: now,
              suspendedReason: reason,
              suspendedBy: actor.userId,
              suspendedUntil: until,
            };
      await repository.setSuspension(id, values, now);
      await tx.auditRecords.record({
        actorId: actor.userId,
        action: reason === null ? 'user_unsuspend' : 'user_suspend',
        itemKind: 'user',
        itemId: id,
        reason: reason ?? '',
        // The duration in days and its end; null days: until lifted.
        detail:
          reason === null
            ? { previous_reason: target.suspendedReason }
            : { days: days ?? null, until: until?.toISOString() ?? null },
        createdAt: now,
      });
      return toAdminUser({ ...target, ...values, updatedAt: now }, now);
    });
    // The suspension applies to the user's next request, on every instance.
    await this.deps.sessions?.sessionsChanged([id]);
    return changed;
  }

  /** Admins only (the route says so); never one's own role, so an admin cannot lock themselves out. */
  async setRole(actor: TAuth, id: number, role: TRole): Promise<TAdminUser> {
    const { clock } = this.deps;
    const changed = await this.uow.run(async (tx) => {
      const repository = tx.admin;
      const target = await repository.findUser(id, { lock: true });
      if (!target) throw notFound();
      if (target.id === actor.userId) throw new AppError(Code.FORBIDDEN, 'roleChangeNotAllowed');
      const now = clock();
      if (target.role !== role) {
        await repository.setRole(id, role, now);
        await tx.auditRecords.record({
          actorId: actor.userId,
          action: 'user_role',
          itemKind: 'user',
          itemId: id,
          detail: { from: target.role, to: role },
          createdAt: now,
        });
      }
      return toAdminUser({ ...target, role, updatedAt: now });
    });
    await this.deps.sessions?.sessionsChanged([id]);
    return changed;
  }

  /** A logged-in user's report; one open report per reporter and item (400 `reportExists` otherwise). */
  async report(reporter: TAuth, request: TReportRequest): Promise<{ id: number }> {
    const { db, clock, limiter } = this.deps;
    await limiter.consume(
      'report',
      String(reporter.userId),
      this.deps.reportLimit ?? DEFAULT_REPORT_LIMIT,
    );
    const repository = new AdminRepository(db);
    if (!(await repository.itemExists(request.kind, request.id))) throw notFound();
    const row = await repository.insertReport({
      reporterId: reporter.userId,
      itemKind: request.kind,
      itemId: request.id,
      reason: request.reason,
      detail: request.detail,
      createdAt: clock(),
    });
    if (!row) throw new AppError(Code.BAD_REQUEST, 'reportExists');
    return { id: row.id };
  }

  async listReports(query: TPageQuery & { status: TReportStatus; kind?: TReportItemKind }) {
    const repository = new AdminRepository(this.deps.db);
    const { rows, total } = await repository.listReports(
      { status: query.status, kind: query.kind },
      pageOf(query),
    );
    const items = await repository.reportedItems(
      rows.map(({ report }) => ({ kind: report.itemKind, id: report.itemId })),
    );
    return {
      data: rows.map((row) =>
        toAdminReport(row, items.get(`${row.report.itemKind}:${row.report.itemId}`) ?? null),
      ),
      total,
      counts: await repository.openReportCounts(),
    };
  }

  async closeReport(
    actor: TAuth,
    id: number,
    status: 'resolved' | 'dismissed',
    reason: string,
  ): Promise<TAdminReport> {
    const { clock } = this.deps;
    return this.uow.run(async (tx) => {
      const repository = tx.admin;
      const found = await repository.findReport(id);
      if (!found) throw notFound();
      const item = async () =>
        (
          await repository.reportedItems([{ kind: found.report.itemKind, id: found.report.itemId }])
        ).get(`${found.report.itemKind}:${found.report.itemId}`) ?? null;
      // Closed once (ADR 0014): a second close keeps the first one's state, moderator and entry.
      if (found.report.status !== 'open') return toAdminReport(found, await item());
      const now = clock();
      await repository.closeReport(id, status, actor.userId, now);
      await tx.auditRecords.record({
        actorId: actor.userId,
        action: 'report_status',
        itemKind: 'report',
        itemId: id,
        reason,
        detail: {
          from: found.report.status,
          to: status,
          item_kind: found.report.itemKind,
          item_id: found.report.itemId,
        },
        createdAt: now,
      });
      return toAdminReport(
        {
          report: { ...found.report, status, resolvedBy: actor.userId, resolvedAt: now },
          nickname: found.nickname,
        },
        await item(),
      );
    });
  }
}
