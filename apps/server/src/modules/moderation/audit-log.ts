import type {
  TAuditEntry,
  TModerationAction,
  TModerationItemKind,
  TPageQuery,
} from '@layerline/contract';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { moderationActions, users } from '../../db/schema';
import { pageOf } from '../../kernel/pagination';

export type TAuditRecord = {
  actorId: number;
  action: TModerationAction;
  itemKind: TModerationItemKind;
  itemId: number;
  reason?: string;
  detail?: Record<string, unknown>;
  createdAt: Date;
};

/**
 * The moderation console's audit log (moderation_actions): every moderator
 * action is recorded with `record`, on the transaction of the action itself,
 * so an action and its entry are kept or lost together.
 */
export class AuditLog {
  constructor(private readonly db: TDatabase) {}

  /** `db` is the action's transaction. */
  static async record(db: TDatabase, entry: TAuditRecord): Promise<void> {
    await db.insert(moderationActions).values({
      actorId: entry.actorId,
      action: entry.action,
      itemKind: entry.itemKind,
      itemId: entry.itemId,
      reason: entry.reason ?? '',
      detail: entry.detail ?? {},
      createdAt: entry.createdAt,
    });
  }

  /** Newest first; all entries, or those of one kind, or of one item. */
  async list(
    filter: { itemKind?: TModerationItemKind; itemId?: number },
    query: TPageQuery,
  ): Promise<{ data: TAuditEntry[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.itemKind) conditions.push(eq(moderationActions.itemKind, filter.itemKind));
    if (filter.itemId) conditions.push(eq(moderationActions.itemId, filter.itemId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const { limit, offset } = pageOf(query);
    const rows = await this.db
      .select({ entry: moderationActions, nickname: users.nickname })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .where(where)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(limit)
      .offset(offset);
    const [total] = await this.db.select({ n: count() }).from(moderationActions).where(where);
    return {
      data: rows.map(({ entry, nickname }) => ({
        id: entry.id,
        actor: entry.actorId === null ? null : { id: entry.actorId, nickname: nickname ?? '' },
        action: entry.action,
        item_kind: entry.itemKind,
        item_id: entry.itemId,
        reason: entry.reason,
        detail: entry.detail,
        created_at: entry.createdAt.toISOString(),
      })),
      total: total?.n ?? 0,
    };
  }
}
