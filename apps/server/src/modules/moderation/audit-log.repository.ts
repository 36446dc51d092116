import type { TModerationAction, TModerationItemKind } from '@layerline/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDatabase } from '../../db/client';
import { comments, moderationActions, posts, users, works } from '../../db/schema';

/** The user an entry is about (the actor is `users`). */
const itemUser = alias(users, 'item_user');
/** How much of a post or comment names it. */
const EXCERPT = 80;

export type TAuditRecord = {
  /** Null when no one acted (a suspension that ran out). */
  actorId: number | null;
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
  /** The item as it is now: null when gone or nameless (a report, the word list). */
  itemName: string | null;
  itemWorkId: number | null;
  itemPostId: number | null;
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

  /** Newest first, with the actor's nickname and the item's name; all entries, or those of one kind, or of one item. */
  async list(
    filter: { itemKind?: TModerationItemKind; itemId?: number },
    page: { limit: number; offset: number },
  ): Promise<{ rows: TAuditRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.itemKind) conditions.push(eq(moderationActions.itemKind, filter.itemKind));
    if (filter.itemId) conditions.push(eq(moderationActions.itemId, filter.itemId));
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select({
        entry: moderationActions,
        nickname: users.nickname,
        itemName: sql<
          string | null
        >`coalesce(${works.title}, ${itemUser.nickname}, left(${posts.content}, ${sql.raw(String(EXCERPT))}), left(${comments.content}, ${sql.raw(String(EXCERPT))}))`,
        itemWorkId: comments.workId,
        itemPostId: comments.postId,
      })
      .from(moderationActions)
      .leftJoin(users, eq(users.id, moderationActions.actorId))
      .leftJoin(
        works,
        and(eq(moderationActions.itemKind, 'work'), eq(works.id, moderationActions.itemId)),
      )
      .leftJoin(
        itemUser,
        and(eq(moderationActions.itemKind, 'user'), eq(itemUser.id, moderationActions.itemId)),
      )
      .leftJoin(
        posts,
        and(eq(moderationActions.itemKind, 'post'), eq(posts.id, moderationActions.itemId)),
      )
      .leftJoin(
        comments,
        and(eq(moderationActions.itemKind, 'comment'), eq(comments.id, moderationActions.itemId)),
      )
      .where(where)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(page.limit)
      .offset(page.offset);
    const [total] = await this.db.select({ n: count() }).from(moderationActions).where(where);
    return { rows, total: total?.n ?? 0 };
  }
}
