import type { FastifyBaseLogger } from 'fastify';
import type { TDatabase } from '../../db/client';
import type { TRepositories } from '../../db/unit-of-work';
import type { FileStorage } from '../files';
import { AiResultFilesRepository } from './ai-result-files.repository';

/**
 * The result files of AI jobs once a record is deleted (SPEC 3 AI records:
 * results can be deleted). Files are content-addressed, so the same bytes
 * may be another row's too: the database decides first, in the deleting
 * transaction, which of the user's `files` rows go; only after it commits
 * are the blobs that no `files` row names any more removed. A crash in
 * between leaves a blob without rows (harmless), never a row without its blob.
 */
export class AiResultFiles {
  private readonly repository: AiResultFilesRepository;

  constructor(
    db: TDatabase,
    private readonly storage: FileStorage,
    private readonly log?: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    this.repository = new AiResultFilesRepository(db);
  }

  /**
   * In the caller's transaction: drops the user's `ai` rows of these URLs
   * unless something of theirs still uses the URL (a live AI job's result or
   * source, a work of theirs, their avatar); returns the URLs whose rows went.
   * Works may only point at their author's files (ADR 0005), so other users'
   * uses of the same bytes show as their own `files` rows.
   */
  async forget(tx: TRepositories, userId: number, urls: readonly string[]): Promise<string[]> {
    const unique = [...new Set(urls)];
    if (unique.length === 0) return [];
    // Deleted works count too: their rows and files are kept with them.
    const kept = await tx.aiResultFiles.usedByUser(userId, unique);
    const gone = unique.filter((url) => !kept.has(url));
    if (gone.length > 0) await tx.aiResultFiles.deleteAiRows(userId, gone);
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
        if (!(await this.repository.isNamed(url))) await this.storage.delete(key);
      } catch (error) {
        this.log?.warn({ err: error, url }, 'AI result file not removed');
      }
    }
  }
}
