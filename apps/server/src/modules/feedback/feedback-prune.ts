import type { TDatabase } from '../../db/client';
import type { TClock } from '../../lib/clock';
import type { FileStorage } from '../files';
import { FeedbackRepository } from './feedback.repository';

const HOUR = 60 * 60_000;

/**
 * A visitor's feedback image not sent within a day is deleted: the dialog
 * (SPEC 2) keeps its uploads only while it is open. The pruning runs every
 * hour on every instance; deleting twice is harmless.
 */
export const FEEDBACK_UPLOAD_MAX_AGE_MS = 24 * HOUR;
export const FEEDBACK_PRUNE_INTERVAL_MS = HOUR;
const PRUNE_BATCH = 200;

/**
 * Visitors' feedback images are stored unrecorded in `files` and known only
 * by their `feedback_uploads` record (the address that may send them). Once
 * a record is older than the allowance it goes: with its file when no sent
 * feedback holds the image, alone otherwise. A logged-in user's feedback
 * images are their own files (kind `feedback`), not touched here.
 */
export class VisitorUploadPruner {
  constructor(
    private readonly deps: {
      db: TDatabase;
      storage: Pick<FileStorage, 'delete' | 'keyFromUrl'>;
      clock: TClock;
    },
  ) {}

  /** Answers how many files were deleted. */
  async prune(maxAgeMs = FEEDBACK_UPLOAD_MAX_AGE_MS, batch = PRUNE_BATCH): Promise<number> {
    const { db, storage, clock } = this.deps;
    const repository = new FeedbackRepository(db);
    const before = new Date(clock().getTime() - maxAgeMs);
    let deleted = 0;
    for (;;) {
      const stale = await repository.staleVisitorUploads(before, batch);
      for (const row of stale) {
        // Checked again at the last moment: a feedback may have been sent meanwhile.
        if (row.used || (await repository.isPictureUsed(row.url))) continue;
        const key = storage.keyFromUrl(row.url);
        if (key) {
          await storage.delete(key);
          deleted += 1;
        }
      }
      await repository.deleteVisitorUploads(stale.map((row) => row.id));
      if (stale.length < batch) return deleted;
    }
  }
}
