import type { FileRecords, TFileRow } from './file-records';
import type { FileStorage } from './storage';

/**
 * The public copy of a work's picture that was an AI input or result (ADR
 * 0051): those are their owner's alone, but a work's covers and guide
 * pictures are public (DESIGN 3), so the work names a copy outside the
 * private area, recorded as the author's `cover` upload. The AI file itself
 * stays private. An older AI file outside the private area is its own copy:
 * only the `cover` row is added, which makes that URL public.
 */
export async function publicCopyOf(
  storage: FileStorage,
  records: Pick<FileRecords, 'record'>,
  row: TFileRow,
  now: Date,
): Promise<string> {
  const key = storage.keyFromUrl(row.url);
  if (!key) return row.url;
  const stored = await storage.put(await storage.read(key), {
    filename: row.filename,
    mime: row.mime,
  });
  await records.record([
    {
      userId: row.userId,
      sha256: stored.sha256,
      url: stored.url,
      filename: row.filename,
      size: stored.size,
      mime: row.mime,
      kind: 'cover',
      thumbnail: null,
      dpi: row.dpi,
      createdAt: now,
    },
  ]);
  return stored.url;
}
