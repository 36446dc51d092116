import type { TModerationAction, TModerationItemKind } from '@layerline/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { moderationActions, users } from '../../db/schema';

export type TAuditRecord = {
  actorId: number;
  action: TModerationAction;
  itemKind: TModerationItemKind;
  itemId: number;
  reason?: string;
  detail?: Record<string, unknown>;
  createdAt: Date;
};

export type TAuditRow = {
  entry: typeof moderationActions.$inferSelect;
  nickname: string | null;
};

/** All SQL of the audit log (moderation_actions, ADR 0014). */
export class AuditLogRepository {
  constructor(private readonly db: TDatabase) {}

  /** Writes one entry; on the action's own unit of work, so both are kept or lost together. */
  async record(entry: TAuditRecord): Promise<void> {
    await this.db.insert(moderationActions).values({
      actorId: entry.actorId,
      action: entry.action,
      itemKind: entry.itemKind,
      itemId: entry.itemId,
      reason: entry.reason ?? '',
      detail: entry.detail ?? {},
      createdAt: entry.createdAt,
    });
  }

  /** Newest first, with the actor's nickname; all entries, or those of one kind, or of one item. */
  async list(
    filter: { itemKind?: TModerationItemKind; itemId?: number },
    page: { limit: number; offset: number },
  ): Promise<{ rows: TAuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.itemKind) conditions.push(eq(moderationActions.itemKind, filter.itemKind));
    if (filter.itemId) conditions.push(eq(moderationActions.itemId, filter.itemId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select({ entry: moderationActions, nickname: users.nickname })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .where(where)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(moderationActions).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
