import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { feedback, feedbackUploads } from '../../db/schema';

export type TFeedbackRow = typeof feedback.$inferSelect;
export type TFeedbackInsert = Omit<typeof feedback.$inferInsert, 'id' | 'status'>;

/** All SQL of feedback (SPEC 3 Feedback) and of visitors' feedback images. */
export class FeedbackRepository {
  constructor(private readonly db: TDatabase) {}

  /** A new row is always open (the inbox answers and closes it). */
  async insert(values: TFeedbackInsert): Promise<TFeedbackRow> {
    const [row] = await this.db.insert(feedback).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  /** The same image sent again from the same address keeps one row, with the latest time. */
  async recordVisitorUpload(ipHash: string, url: string, createdAt: Date): Promise<void> {
    await this.db
      .insert(feedbackUploads)
      .values({ ipHash, url, createdAt })
      .onConflictDoUpdate({
        target: [feedbackUploads.ipHash, feedbackUploads.url],
        set: { createdAt },
      });
  }

  /**
   * Visitors' image records older than `before`, and whether a sent feedback
   * holds the image (then the file stays; only the record goes).
   */
  async staleVisitorUploads(
    before: Date,
    limit: number,
  ): Promise<{ id: number; url: string; used: boolean }[]> {
    return this.db
      .select({
        id: feedbackUploads.id,
        url: feedbackUploads.url,
        used: sql<boolean>`exists (select 1 from ${feedback} where ${feedback.pictures} @> jsonb_build_array(${feedbackUploads.url}))`,
      })
      .from(feedbackUploads)
      .where(lt(feedbackUploads.createdAt, before))
      .orderBy(feedbackUploads.createdAt)
      .limit(limit);
  }

  /** Whether any sent feedback holds the image (checked again just before its file is deleted). */
  async isPictureUsed(url: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: feedback.id })
      .from(feedback)
      .where(sql`${feedback.pictures} @> jsonb_build_array(${url}::text)`)
      .limit(1);
    return row !== undefined;
  }

  async deleteVisitorUploads(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(feedbackUploads).where(inArray(feedbackUploads.id, [...ids]));
  }

  /** Which of `urls` were uploaded as feedback images by a visitor at `ipHash`. */
  async visitorUploads(ipHash: string, urls: readonly string[]): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const rows = await this.db
      .select({ url: feedbackUploads.url })
      .from(feedbackUploads)
      .where(and(eq(feedbackUploads.ipHash, ipHash), inArray(feedbackUploads.url, [...urls])));
    return new Set(rows.map((row) => row.url));
  }
}
