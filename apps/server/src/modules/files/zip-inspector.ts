import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Code } from '@layerline/contract';
import yauzl from 'yauzl';
import { AppError } from '../../http/app-error';
import { isExecutableHead } from './file-sniffer';

/**
 * Limits for archives (ZIP and 3MF), checked before anything is stored:
 * a zip bomb unpacks to far more than it holds.
 */
export type TZipLimits = {
  /** Sum of the unpacked sizes of every entry, nested archives included. */
  maxTotalBytes: number;
  /** Unpacked total over the archive's size, judged once the total passes ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
  /** Entries over all levels. */
  maxEntries: number;
  /** Archives inside archives (a ZIP of 3MF files is 1). */
  maxNesting: number;
};

export const ZIP_LIMITS: TZipLimits = {
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
  maxEntries: 10_000,
  maxNesting: 2,
};

/** Names that run on some system when opened; refused inside archives as outside. */
const EXECUTABLE_EXTENSIONS = new Set(
  '.exe .dll .so .dylib .bat .cmd .com .scr .msi .ps1 .vbs .vbe .wsf .sh .apk .jar .app .lnk'.split(
    ' ',
  ),
);

export type TZipReport = {
  entries: number;
  totalBytes: number;
  /** A 3MF package: a ZIP with a 3D model part. */
  is3mf: boolean;
};

type TBudget = { entries: number; totalBytes: number };

const zipError = (key: 'zipInvalid' | 'zipBomb' | 'zipUnsafePath', cause?: unknown) =>
  new AppError(Code.BAD_REQUEST, key, {}, null, cause ? { cause } : undefined);

/** yauzl's own checks of entry names (absolute paths, '..', backslashes) as our message. */
function fromYauzl(error: unknown): AppError {
  const text = error instanceof Error ? error.message : '';
  if (/absolute path|invalid relative path|invalid characters in fileName/.test(text)) {
    return zipError('zipUnsafePath', error);
  }
  return zipError('zipInvalid', error);
}

/** A safe entry name: relative, no '..' segment, no drive letter, no control characters. */
function isSafeName(name: string): boolean {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name) || /[\p{Cc}\\]/u.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..');
}

async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

const isZipHead = (head: Buffer) =>
  head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * Opens an archive file and checks every entry (SPEC 5 design files, DESIGN
 * 4): declared sizes against the limits, names against traversal, the first
 * bytes of each file against executables, and archives inside it the same
 * way (unpacked to `tmpDir`, which the sizes already bound).
 */
export async function inspectZip(
  file: string,
  tmpDir: string,
  limits: TZipLimits = ZIP_LIMITS,
): Promise<TZipReport> {
  const budget: TBudget = { entries: 0, totalBytes: 0 };
  const report = await inspectLevel(file, tmpDir, limits, budget, 0);
  return { ...report, entries: budget.entries, totalBytes: budget.totalBytes };
}

async function inspectLevel(
  file: string,
  tmpDir: string,
  limits: TZipLimits,
  budget: TBudget,
  depth: number,
): Promise<{ is3mf: boolean }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      // Backslashes (old Windows tools) become slashes; names are then checked as paths.
      strictFileNames: false,
    });
  } catch (error) {
    throw fromYauzl(error);
  }
  try {
    if (budget.entries + zip.entryCount > limits.maxEntries) {
      throw new AppError(Code.BAD_REQUEST, 'zipTooManyEntries', { max: limits.maxEntries });
    }
    const entries: yauzl.Entry[] = [];
    try {
      for await (const entry of zip.eachEntry()) {
        if (!isSafeName(entry.fileName)) throw zipError('zipUnsafePath');
        budget.entries += 1;
        budget.totalBytes += entry.uncompressedSize;
        if (budget.totalBytes > limits.maxTotalBytes) throw zipError('zipBomb');
        entries.push(entry);
      }
    } catch (error) {
      throw error instanceof AppError ? error : fromYauzl(error);
    }
    const packed = Math.max(zip.fileSize, 1);
    const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
    if (unpacked >= limits.ratioFloorBytes && unpacked / packed > limits.maxRatio) {
      throw zipError('zipBomb');
    }
    for (const entry of entries) {
      if (entry.fileName.endsWith('/') || entry.isEncrypted()) continue;
      const extension = path.extname(entry.fileName).toLowerCase();
      if (EXECUTABLE_EXTENSIONS.has(extension)) {
        throw new AppError(Code.BAD_REQUEST, 'uploadExecutable');
      }
      if (entry.uncompressedSize === 0) continue;
      const head = await readHead(await zip.openReadStreamPromise(entry), 1024).catch(
        (error: unknown) => {
          throw fromYauzl(error);
        },
      );
      if (isExecutableHead(head)) throw new AppError(Code.BAD_REQUEST, 'uploadExecutable');
      if (isZipHead(head)) {
        if (depth + 1 > limits.maxNesting) throw zipError('zipBomb');
        await inspectNested(zip, entry, tmpDir, limits, budget, depth + 1);
      }
    }
    const is3mf =
      depth === 0 && entries.some((entry) => entry.fileName.toLowerCase() === '3d/3dmodel.model');
    return { is3mf };
  } finally {
    zip.close();
  }
}

async function inspectNested(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  tmpDir: string,
  limits: TZipLimits,
  budget: TBudget,
  depth: number,
): Promise<void> {
  const nested = path.join(tmpDir, `${randomUUID()}.zip`);
  try {
    // validateEntrySizes stops a stream that unpacks to more than it declared.
    await pipeline(await zip.openReadStreamPromise(entry), createWriteStream(nested)).catch(
      (error: unknown) => {
        throw fromYauzl(error);
      },
    );
    await inspectLevel(nested, tmpDir, limits, budget, depth);
  } finally {
    await rm(nested, { force: true });
  }
}
