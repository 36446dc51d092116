import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { access, copyFile, mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage, TFileMeta, TStoredObject } from './storage';
import {
  contentHash,
  InvalidStorageKeyError,
  isStorageKey,
  storageKey,
  variantKey,
} from './storage-key';

export const FILES_URL_PREFIX = '/files/';

/**
 * Files on local disk under DATA_DIR/files (DESIGN 2), content-addressed by
 * SHA-256; AI inputs and results under DATA_DIR/files/private (ADR 0051). A write goes to a temporary file first and is renamed into place,
 * so a reader never sees a half-written file, and bytes already stored are
 * not written again.
 */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;
  private readonly tmpDir: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.tmpDir = path.join(this.root, '.tmp');
  }

  async put(data: Buffer, meta: TFileMeta): Promise<TStoredObject> {
    // Taken in a worker thread when given (an AI result, ADR 0057).
    const sha256 = meta.sha256 ?? (await contentHash(data));
    const key = storageKey(sha256, meta.filename, meta.ownerOnly);
    if (!(await this.exists(key))) await this.write(key, data);
    return {
      key,
      url: this.urlFor(key),
      size: data.length,
      sha256,
      mime: meta.mime,
      filename: meta.filename,
    };
  }

  async putFile(
    source: string,
    meta: TFileMeta & { sha256: string; size: number },
  ): Promise<TStoredObject> {
    const key = storageKey(meta.sha256, meta.filename, meta.ownerOnly);
    const target = this.pathFor(key);
    try {
      if (!(await this.exists(key))) {
        await mkdir(path.dirname(target), { recursive: true });
        await mkdir(this.tmpDir, { recursive: true });
        // Into our own temporary folder first (a copy when the source is on
        // another filesystem), then an atomic rename into place.
        const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
        try {
          await rename(source, tmp).catch(async (error: { code?: string }) => {
            if (error.code !== 'EXDEV') throw error;
            await copyFile(source, tmp);
          });
          await rename(tmp, target);
        } catch (error) {
          await rm(tmp, { force: true });
          throw error;
        }
      }
    } finally {
      await rm(source, { force: true });
    }
    return {
      key,
      url: this.urlFor(key),
      size: meta.size,
      sha256: meta.sha256,
      mime: meta.mime,
      filename: meta.filename,
    };
  }

  async putVariant(key: string, width: number, data: Buffer): Promise<string> {
    const target = variantKey(key, width);
    await this.write(target, data);
    return target;
  }

  /**
   * Writes to a temporary file first and renames it into place (same
   * filesystem, so the rename is atomic): a reader never sees half a file, and
   * a concurrent writer of the same bytes just replaces it with identical content.
   */
  private async write(key: string, data: Buffer): Promise<void> {
    const target = this.pathFor(key);
    await mkdir(path.dirname(target), { recursive: true });
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = path.join(this.tmpDir, `${randomUUID()}.part`);
    try {
      const handle = await open(tmp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, target);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  createReadStream(key: string): Readable {
    return createReadStream(this.pathFor(key));
  }

  async read(key: string): Promise<Buffer> {
    return readFile(this.pathFor(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathFor(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false;
    try {
      await access(this.pathFor(key));
      return true;
    } catch {
      return false;
    }
  }

  urlFor(key: string): string {
    return `${FILES_URL_PREFIX}${key}`;
  }

  keyFromUrl(url: string): string | undefined {
    if (!url.startsWith(FILES_URL_PREFIX)) return undefined;
    const key = url.slice(FILES_URL_PREFIX.length);
    return isStorageKey(key) ? key : undefined;
  }

  /** Absolute path of a key; throws for anything that is not a well-formed key. */
  pathFor(key: string): string {
    if (!isStorageKey(key)) throw new InvalidStorageKeyError(key);
    return path.join(this.root, ...key.split('/'));
  }
}
