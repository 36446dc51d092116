import type { TNotificationKind, TSystemType } from '@layerline/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { queryRows, type TDatabase } from '../../db/client';
import { comments, notifications, posts, userFollows, users, works } from '../../db/schema';
import type { TPage } from '../../kernel/pagination';

export type TNewNotification = {
  recipientId: number;
  actorId: number | null;
  kind: TNotificationKind;
  systemType?: TSystemType | null;
  workId?: number | null;
  postId?: number | null;
  commentId?: number | null;
  title?: string;
  content?: string;
  createdAt: Date;
};

/** What undoing an action takes back: the notification it caused. */
export type TRetraction = {
  actorId: number;
  kind: 'liked' | 'favor' | 'follow';
  recipientId: number;
  workId?: number;
  postId?: number;
};

export type TUnreadRow = { kind: TNotificationKind; unread: number };

const actors = alias(users, 'actor');

const itemColumns = {
  id: notifications.id,
  kind: notifications.kind,
  systemType: notifications.systemType,
  title: notifications.title,
  content: notifications.content,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
  actorId: notifications.actorId,
  actorNickname: actors.nickname,
  actorEmail: actors.email,
  actorAvatar: actors.avatar,
  workId: notifications.workId,
  workTitle: works.title,
  workCover: works.cover,
  postId: notifications.postId,
  postContent: posts.content,
  postImages: posts.images,
  commentId: notifications.commentId,
  commentContent: comments.content,
  commentParentId: comments.parentId,
  // A follow item offers to follow back: does the recipient follow the actor?
  isFollow: sql<boolean>`exists (select 1 from ${userFollows} where ${userFollows.followerId} = ${notifications.recipientId} and ${userFollows.followeeId} = ${notifications.actorId})`,
};
/** Joined columns are null when the item has no actor, work or comment. */
export type TNotificationRow = {
  id: number;
  kind: TNotificationKind;
  systemType: TSystemType | null;
  title: string;
  content: string;
  readAt: Date | null;
  createdAt: Date;
  actorId: number | null;
  actorNickname: string | null;
  actorEmail: string | null;
  actorAvatar: string | null;
  workId: number | null;
  workTitle: string | null;
  workCover: string[] | null;
  postId: number | null;
  postContent: string | null;
  postImages: string[] | null;
  commentId: number | null;
  commentContent: string | null;
  commentParentId: number | null;
  isFollow: boolean;
};

/** All SQL of notifications (DESIGN 1). */
export class NotificationsRepository {
  constructor(private readonly db: TDatabase) {}

  async insert(values: TNewNotification): Promise<void> {
    await this.db.insert(notifications).values(values);
  }

  /** The notification an action caused, gone with the undo; answers the recipients touched. */
  async retract(match: TRetraction): Promise<number[]> {
    const conditions: SQL[] = [
      eq(notifications.recipientId, match.recipientId),
      eq(notifications.kind, match.kind),
      eq(notifications.actorId, match.actorId),
    ];
    if (match.workId !== undefined) conditions.push(eq(notifications.workId, match.workId));
    if (match.postId !== undefined) conditions.push(eq(notifications.postId, match.postId));
    const rows = await this.db
      .delete(notifications)
      .where(and(...conditions))
      .returning({ recipientId: notifications.recipientId });
    return rows.map((row) => row.recipientId);
  }

  /** Notifications of deleted comments (soft deletion leaves the foreign key in place). */
  async retractComments(commentIds: number[]): Promise<number[]> {
    if (commentIds.length === 0) return [];
    const rows = await this.db
      .delete(notifications)
      .where(inArray(notifications.commentId, commentIds))
      .returning({ recipientId: notifications.recipientId });
    return rows.map((row) => row.recipientId);
  }

  async unreadByKind(recipientId: number): Promise<TUnreadRow[]> {
    return this.db
      .select({ kind: notifications.kind, unread: count() })
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
      .groupBy(notifications.kind);
  }

  async list(
    recipientId: number,
    kind: TNotificationKind,
    page: TPage,
  ): Promise<{ rows: TNotificationRow[]; total: number }> {
    const where = and(eq(notifications.recipientId, recipientId), eq(notifications.kind, kind));
    const [rows, [totalRow]] = await Promise.all([
      this.db
        .select(itemColumns)
        .from(notifications)
        .leftJoin(actors, eq(actors.id, notifications.actorId))
        .leftJoin(works, eq(works.id, notifications.workId))
        .leftJoin(posts, eq(posts.id, notifications.postId))
        .leftJoin(comments, eq(comments.id, notifications.commentId))
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(page.limit)
        .offset(page.offset),
      this.db.select({ total: count() }).from(notifications).where(where),
    ]);
    return { rows, total: totalRow?.total ?? 0 };
  }

  /** Marks unread ones read; answers how many changed. */
  async markRead(
    recipientId: number,
    options: { kind: TNotificationKind | 'all'; ids?: number[] },
    now: Date,
  ): Promise<number> {
    const conditions: SQL[] = [
      eq(notifications.recipientId, recipientId),
      isNull(notifications.readAt),
    ];
    if (options.kind !== 'all') conditions.push(eq(notifications.kind, options.kind));
    if (options.ids) conditions.push(inArray(notifications.id, options.ids));
    const rows = await this.db
      .update(notifications)
      .set({ readAt: now })
      .where(and(...conditions))
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** One system message to every user, in one statement; answers how many got it. */
  async broadcastSystem(values: {
    title: string;
    content: string;
    workId: number | null;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await queryRows<{ sent: number }>(
      this.db,
      sql`with sent as (
        insert into ${notifications} (recipient_id, kind, system_type, work_id, title, content, created_at)
        select ${users.id}, 'system', 'message', ${values.workId}::integer, ${values.title}, ${values.content}, ${values.createdAt.toISOString()}::timestamptz
        from ${users}
        returning 1
      ) select count(*)::integer as sent from sent`,
    );
    return Number(row?.sent ?? 0);
  }

  async userExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row !== undefined;
  }
}
