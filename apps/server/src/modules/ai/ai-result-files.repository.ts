import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TDatabase } from '../../db/client';
import { files } from '../../db/schema';

/** All SQL of the result files of deleted AI records (ai-result-files' rules). */
export class AiResultFilesRepository {
  constructor(private readonly db: TDatabase) {}

  /**
   * Which of `urls` something of the user's still uses: a live AI job's
   * result or source, a work of theirs (deleted ones too: their rows and
   * files are kept with them), their avatar.
   */
  async usedByUser(userId: number, urls: readonly string[]): Promise<Set<string>> {
    const list = JSON.stringify(urls);
    const used = await this.db
      .select({ url: sql<string>`u.url` })
      .from(sql`jsonb_array_elements_text(${list}::jsonb) as u(url)`)
      .where(sql`exists (
          select 1 from ai_jobs j
          where j.user_id = ${userId} and j.deleted_at is null
            and (j.result_files @> jsonb_build_array(u.url)
              or j.params->>'imageUrl' = u.url or j.params->>'maskUrl' = u.url))
        or exists (
          select 1 from works w
          where w.user_id = ${userId}
            and (w.cover @> jsonb_build_array(u.url) or w.images @> jsonb_build_array(u.url)
              or w.project_file @> jsonb_build_array(jsonb_build_object('url', u.url))
              or w.instruction_pdf->>'url' = u.url or strpos(w.attachment, u.url) > 0))
        or exists (select 1 from users x where x.id = ${userId} and x.avatar = u.url)`);
    return new Set(used.map((row) => row.url));
  }

  /** Drops the user's `ai` rows of these URLs. */
  async deleteAiRows(userId: number, urls: readonly string[]): Promise<void> {
    await this.db
      .delete(files)
      .where(and(eq(files.userId, userId), eq(files.kind, 'ai'), inArray(files.url, [...urls])));
  }

  /** Whether any `files` row (anybody's upload, result or thumbnail) names the URL. */
  async isNamed(url: string): Promise<boolean> {
    // Thumbnails are WebP; only a .webp URL can be one, so others skip that scan.
    const named = url.endsWith('.webp')
      ? or(eq(files.url, url), eq(files.thumbnail, url))
      : eq(files.url, url);
    const [row] = await this.db.select({ id: files.id }).from(files).where(named).limit(1);
    return row !== undefined;
  }
}
