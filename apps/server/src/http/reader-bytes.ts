import { makeRoom } from '../lib/bounded';
import { COMPRESS_MIN_BYTES, compress, type TEncoding } from './compression';

/**
 * A signed-in reader's answer from a kept one (ADR 0034, 0065): the reader's
 * flags read for this request, named by `flags`, and the text they give.
 * `flags` is empty when the reader has set none of them: their answer is
 * then the visitor's, byte for byte.
 */
export type TReaderText = { flags: string; text: () => string };

/** What a kept entry holds for its signed-in readers: their answers' bytes by flags and encoding. */
export type TReaderVariants = Map<string, Buffer>;

/** Readers' answers kept on one entry (each a few KiB compressed): the oldest makes room. */
export const READER_VARIANTS_MAX = 64;

type TEntryBytes = {
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  readers?: TReaderVariants;
};

/**
 * The reader's answer in `encoding` (raw when undefined). Their flags are
 * read for every request; the bytes they give are a function of the kept
 * entry and those flags, so they are kept with the entry (and go with it,
 * ADR 0044) and not compressed again for the next request with the same
 * flags. A reader with no flags set gets the visitor's bytes.
 */
export async function readerBytes(
  entry: TEntryBytes,
  reader: TReaderText,
  accepted: TEncoding | undefined,
): Promise<{ bytes: Buffer; encoding: TEncoding | undefined }> {
  // Answers too small to gain are sent as they are (as compression's hook does).
  const encoding = entry.raw.length >= COMPRESS_MIN_BYTES ? accepted : undefined;
  if (reader.flags === '') {
    if (!encoding) return { bytes: entry.raw, encoding };
    entry[encoding] ??= await compress(entry.raw, encoding, 'once');
    return { bytes: entry[encoding], encoding };
  }
  entry.readers ??= new Map();
  const key = `${encoding ?? 'raw'}\0${reader.flags}`;
  const kept = entry.readers.get(key);
  if (kept) return { bytes: kept, encoding };
  const raw = Buffer.from(reader.text());
  const bytes = encoding ? await compress(raw, encoding, 'once') : raw;
  makeRoom(entry.readers, READER_VARIANTS_MAX);
  entry.readers.set(key, bytes);
  return { bytes, encoding };
}
