import type { TNotificationKind } from '@layerline/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { comments, notifications, postLikes, posts, users, works } from '../../db/schema';

/** A post's own columns, for the rights checks of edit, delete and like. */
export type TPostRef = { id: number; userId: number; images: string[] };

export type TPostValues = {
  content: string;
  images: string[];
  workId: number | null;
  topic: string | null;
  document: string;
  documentVersion: number;
};

/** All SQL of community posts and their likes (DESIGN 1). */
export class CommunityRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * `lock` holds the row until the transaction ends: `update` to delete it,
   * `key share` to keep it from being deleted meanwhile (it does not wait for,
   * or block, the counter updates of other likes).
   */
  async find(
    id: number,
    options: { lock?: 'update' | 'key share' } = {},
  ): Promise<TPostRef | undefined> {
    const query = this.db
      .select({ id: posts.id, userId: posts.userId, images: posts.images })
      .from(posts)
      .where(eq(posts.id, id));
    const [row] = options.lock ? await query.for(options.lock) : await query;
    return row;
  }

  async insert(
    values: TPostValues & { userId: number; createdAt: Date; updatedAt: Date },
  ): Promise<number> {
    const [row] = await this.db
      .insert(posts)
      .values({ ...values, document: sql`${values.document}::tsvector` })
      .returning({ id: posts.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  }

  /** False when the post is gone. */
  async update(id: number, values: TPostValues & { updatedAt: Date }): Promise<boolean> {
    const rows = await this.db
      .update(posts)
      .set({ ...values, document: sql`${values.document}::tsvector` })
      .where(eq(posts.id, id))
      .returning({ id: posts.id });
    return rows.length > 0;
  }

  /** Hard delete: comments, likes and notifications cascade. False when already gone. */
  async remove(id: number): Promise<boolean> {
    const rows = await this.db.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id });
    return rows.length > 0;
  }

  /** The ids of the post's comments and replies. */
  async commentIdsOf(postId: number): Promise<number[]> {
    const rows = await this.db
      .select({ id: comments.id })
      .from(comments)
      .where(eq(comments.postId, postId));
    return rows.map((row) => row.id);
  }

  /** Who has unread notifications about the post, and of which kind: their counts change with it. */
  unreadNotified(postId: number): Promise<{ userId: number; kind: TNotificationKind }[]> {
    return this.db
      .selectDistinct({ userId: notifications.recipientId, kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.postId, postId), isNull(notifications.readAt)));
  }

  /** Whether `workId` is one of the user's published works (ADR 0013: a post links only those). */
  async isOwnPublishedWork(userId: number, workId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: works.id })
      .from(works)
      .where(
        and(
          eq(works.id, workId),
          eq(works.userId, userId),
          eq(works.status, 'published'),
          isNull(works.deletedAt),
        ),
      );
    return row !== undefined;
  }

  /**
   * Adds the like; the counter grows only with a new row, in the same
   * transaction. Answers the count afterwards, or null when it already existed.
   */
  async addLike(userId: number, postId: number, at: Date): Promise<number | null> {
    const inserted = await this.db
      .insert(postLikes)
      .values({ userId, postId, createdAt: at })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    if (inserted.length === 0) return null;
    return this.bumpLikes(postId, 1);
  }

  /** Removes it; the counter drops only with a removed row (the CHECK keeps it >= 0). */
  async removeLike(userId: number, postId: number): Promise<number | null> {
    const removed = await this.db
      .delete(postLikes)
      .where(and(eq(postLikes.userId, userId), eq(postLikes.postId, postId)))
      .returning({ postId: postLikes.postId });
    if (removed.length === 0) return null;
    return this.bumpLikes(postId, -1);
  }

  private async bumpLikes(postId: number, delta: 1 | -1): Promise<number> {
    const [row] = await this.db
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${delta}` })
      .where(eq(posts.id, postId))
      .returning({ count: posts.likeCount });
    return row?.count ?? 0;
  }

  async likeCount(postId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: posts.likeCount })
      .from(posts)
      .where(eq(posts.id, postId));
    return row?.count ?? 0;
  }

  async userExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, id));
    return row !== undefined;
  }

  /** Posts whose document another tokenizer version made. */
  outdatedDocuments(version: number, limit: number) {
    return this.db
      .select({
        id: posts.id,
        content: posts.content,
        topic: posts.topic,
        documentVersion: posts.documentVersion,
      })
      .from(posts)
      .where(ne(posts.documentVersion, version))
      .orderBy(posts.id)
      .limit(limit);
  }

  /** Writes a rebuilt document unless the post was saved (with a new one) meanwhile. */
  async writeDocument(
    id: number,
    document: string,
    version: number,
    options: { onlyVersion: number },
  ): Promise<void> {
    await this.db
      .update(posts)
      .set({ document: sql`${document}::tsvector`, documentVersion: version })
      .where(and(eq(posts.id, id), eq(posts.documentVersion, options.onlyVersion)));
  }
}
