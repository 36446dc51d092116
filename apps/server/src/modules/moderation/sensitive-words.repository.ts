import { inArray } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { sensitiveWords } from '../../db/schema';

/** All SQL of the console's sensitive words (sensitive_words). */
export class SensitiveWordsRepository {
  constructor(private readonly db: TDatabase) {}

  async words(): Promise<string[]> {
    const rows = await this.db.select({ word: sensitiveWords.word }).from(sensitiveWords);
    return rows.map((row) => row.word);
  }

  async remove(words: readonly string[]): Promise<void> {
    await this.db.delete(sensitiveWords).where(inArray(sensitiveWords.word, [...words]));
  }

  /** Adds the words not there yet. */
  async add(words: readonly string[], createdBy: number, createdAt: Date): Promise<void> {
    await this.db
      .insert(sensitiveWords)
      .values(words.map((word) => ({ word, createdBy, createdAt })))
      .onConflictDoNothing();
  }
}
