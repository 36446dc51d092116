import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import { files } from '../../db/schema';
import type { FileStorage } from '../files/storage';

/**
 * The result files of AI jobs once a record is deleted (SPEC 3 AI records:
 * results can be deleted). Files are content-addressed, so the same bytes
 * may be another row's too: the database decides first, in the deleting
 * transaction, which of the user's `files` rows go; only after it commits
 * are the blobs that no `files` row names any more removed. A crash in
 * between leaves a blob without rows (harmless), never a row without its blob.
 */
export class AiResultFiles {
  constructor(
    private readonly db: TDatabase,
    private readonly storage: FileStorage,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * In the caller's transaction: drops the user's `ai` rows of these URLs
   * unless something of theirs still uses the URL (a live AI job's result or
   * source, a work of theirs, their avatar); returns the URLs whose rows went.
   * Works may only point at their author's files (ADR 0005), so other users'
   * uses of the same bytes show as their own `files` rows.
   */
  async forget(tx: TDatabase, userId: number, urls: readonly string[]): Promise<string[]> {
    const unique = [...new Set(urls)];
    if (unique.length === 0) return [];
    const list = JSON.stringify(unique);
    const used = await tx
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
    // Deleted works count too: their rows and files are kept with them.
    const kept = new Set(used.map((row) => row.url));
    const gone = unique.filter((url) => !kept.has(url));
    if (gone.length > 0) {
      await tx
        .delete(files)
        .where(and(eq(files.userId, userId), eq(files.kind, 'ai'), inArray(files.url, gone)));
    }
    return gone;
  }

  /**
   * After the commit: removes the blobs of these URLs that no `files` row
   * (anybody's upload, result or thumbnail) names. Failures are logged, not
   * thrown: the record is gone either way, and a left-over blob is only space.
   * An upload of the very same bytes landing between the check and the
   * removal would lose its blob; the window is one query long.
   */
  async removeUnreferenced(urls: readonly string[]): Promise<void> {
    if (urls.length === 0) return;
    for (const url of new Set(urls)) {
      const key = this.storage.keyFromUrl(url);
      if (!key) continue;
      try {
        // Thumbnails are WebP; only a .webp URL can be one, so others skip that scan.
        const named = url.endsWith('.webp')
          ? or(eq(files.url, url), eq(files.thumbnail, url))
          : eq(files.url, url);
        const [row] = await this.db.select({ id: files.id }).from(files).where(named).limit(1);
        if (!row) await this.storage.delete(key);
      } catch (error) {
        this.log?.warn({ err: error, url }, 'AI result file not removed');
      }
    }
  }
}
