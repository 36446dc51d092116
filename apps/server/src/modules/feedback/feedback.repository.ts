import { and, eq, inArray } from 'drizzle-orm';
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
