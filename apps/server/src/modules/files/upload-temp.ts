import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEAD_BYTES } from './file-sniffer';

/** An upload written to a temporary file, with what was learnt on the way. */
export type TTempFile = { path: string; size: number; head: Buffer };

export class UploadTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`upload over ${maxBytes} bytes`);
    this.name = 'UploadTooLargeError';
  }
}

/**
 * Streams an upload to `dir` without holding it in memory (design files may
 * be 200MB): keeps the first bytes for sniffing and stops at `maxBytes` with
 * UploadTooLargeError. Nothing else is done with the bytes on the event loop:
 * the hash for content-addressed storage is taken later, in the upload pool
 * for large files (UploadService), and only when the file is stored as
 * received. The caller removes the file when done; on failure it is removed
 * here.
 */
export async function receiveToTemp(
  source: Readable & { truncated?: boolean },
  dir: string,
  maxBytes: number,
): Promise<TTempFile> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${randomUUID()}.upload`);
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        callback(new UploadTooLargeError(maxBytes));
        return;
      }
      if (headLength < HEAD_BYTES) {
        headChunks.push(chunk);
        headLength += chunk.length;
      }
      callback(null, chunk);
    },
  });
  try {
    // Node's small default write buffer on purpose: once it is full the
    // request pauses, which keeps each turn of the event loop short (a 1 MiB
    // buffer saved CPU but lengthened /healthz's tail, docs/PERFORMANCE.md).
    await pipeline(source, meter, createWriteStream(file));
    // The multipart parser cuts a file at its own limit and marks it truncated.
    if (source.truncated) throw new UploadTooLargeError(maxBytes);
  } catch (error) {
    await rm(file, { force: true });
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadTooLargeError(maxBytes);
    throw error;
  }
  return {
    path: file,
    size,
    head: Buffer.concat(headChunks).subarray(0, HEAD_BYTES),
  };
}
