import type { TDatabase } from '../../db/client';
import { FilesRepository, type TFileRecord, type TFileRow } from './files.repository';

export type { TFileRecord, TFileRow } from './files.repository';

/**
 * What other modules may read and write of the files table (ADR 0047): which
 * of some URLs a user uploaded (a work, post, avatar or feedback may only
 * name its author's files), the stored previews and DPI of uploads, and the
 * rows of files an AI job stored.
 */
export interface FileRecords {
  /** The rows of `urls` that `userId` uploaded, of any kind. */
  findOwned(userId: number, urls: readonly string[]): Promise<TFileRow[]>;
  /** The WebP previews of uploads of `kind` by URL; URLs without one are left out. */
  thumbnails(urls: readonly string[], kind: TFileRow['kind']): Promise<Map<string, string>>;
  /** The DPI an uploaded image declared: null for none, undefined when no image row names it. */
  dpiOf(url: string): Promise<number | null | undefined>;
  /** One row per user, kind and URL: the same bytes stored again refresh the row. */
  record(rows: TFileRecord[]): Promise<void>;
}

/** The files table on `db`. */
export function fileRecords(db: TDatabase): FileRecords {
  return new FilesRepository(db);
}
