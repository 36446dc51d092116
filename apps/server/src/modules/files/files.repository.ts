import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { files } from '../../db/schema';

export type TFileRow = typeof files.$inferSelect;
export type TFileRecord = Omit<typeof files.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

/** All SQL of the files table: who uploaded what (SPEC 7 uploads). */
export class FilesRepository {
  constructor(private readonly db: TDatabase) {}

  /** One row per user, kind and URL: the same bytes uploaded again refresh the row. */
  async record(rows: TFileRecord[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(files)
      .values(rows)
      .onConflictDoUpdate({
        target: [files.userId, files.kind, files.url],
        set: {
          filename: sql`excluded.filename`,
          thumbnail: sql`excluded.thumbnail`,
          createdAt: sql`excluded.created_at`,
        },
      });
  }

  /** The caller's uploads among `urls` (all kinds). */
  findOwned(userId: number, urls: readonly string[]): Promise<TFileRow[]> {
    if (urls.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), inArray(files.url, [...new Set(urls)])));
  }
}
