import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TStoredFile } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { CoverTimeoutError, coverMaxBytes, type TRenderable } from './cover-render';
import type { FilesRepository } from './files.repository';
import type { FileStorage } from './storage';
import { storeProcessedImage } from './stored-image';
import { cleanBaseName } from './upload.service';
import { ownBytes, type TCoverImage } from './upload.tasks';
import { runInPool, type TUploadWorkers } from './upload-workers';

/** Ours: what a publish request may spend drawing a cover before it gives up. */
export const COVER_RENDER_MS = 2000;

const BY_EXT: Record<string, TRenderable> = { '.stl': 'stl', '.obj': 'obj', '.svg': 'svg' };
const BY_MIME: Record<string, TRenderable> = {
  'model/stl': 'stl',
  'model/obj': 'obj',
  'image/svg+xml': 'svg',
};

/** The format a project file is drawn as, by its stored extension or type; undefined: not drawable. */
export function renderableFormat(file: TStoredFile): TRenderable | undefined {
  return (
    BY_EXT[path.extname(file.filename).toLowerCase()] ??
    BY_EXT[path.extname(file.url).toLowerCase()] ??
    BY_MIME[file.mime ?? '']
  );
}

export type TCoverGeneratorDeps = {
  storage: FileStorage;
  files: FilesRepository;
  clock: TClock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** The upload pool, where the design file is parsed and drawn (ADR 0008). */
  workers: TUploadWorkers;
  /** The time budget (default COVER_RENDER_MS). */
  timeoutMs?: number;
};

/**
 * Generated covers (ADR 0005): a work published without cover images gets
 * one drawn from its first STL, OBJ or SVG design file, stored exactly as a
 * `kind=cover` upload is (re-encoded WebP, WebP thumbnail, a files row owned
 * by the author), so it is an ordinary cover from then on. Best effort and
 * bounded: any failure or overrun is logged and the work has no cover.
 */
export class CoverGenerator {
  constructor(private readonly deps: TCoverGeneratorDeps) {}

  /** The stored cover's URL, or undefined when none could be made. */
  async generate(
    userId: number,
    projectFiles: readonly TStoredFile[],
  ): Promise<string | undefined> {
    const source = projectFiles.find((file) => renderableFormat(file) !== undefined);
    const format = source && renderableFormat(source);
    if (!source || !format) return undefined;
    const budget = this.deps.timeoutMs ?? COVER_RENDER_MS;
    // The budget covers reading, waiting for a thread and drawing; a thread
    // still drawing when it ends is terminated (the pool's abort).
    const signal = AbortSignal.timeout(budget);
    try {
      const image = await this.draw(source, format, Date.now() + budget, signal);
      return await this.store(userId, source, image);
    } catch (error) {
      this.deps.log?.warn(
        { err: error, file: source.url, userId },
        'cover: could not draw one from the design file; saved without a cover',
      );
      return undefined;
    }
  }

  /** Reads the design file here (any FileStorage); parses and draws it in the upload pool. */
  private async draw(
    source: TStoredFile,
    format: TRenderable,
    deadline: number,
    signal: AbortSignal,
  ): Promise<TCoverImage> {
    const maxBytes = coverMaxBytes(format);
    if (source.size > maxBytes) throw new Error(`design file over ${maxBytes} bytes`);
    const key = this.deps.storage.keyFromUrl(source.url);
    if (!key) throw new Error('design file is not in this store');
    const data = ownBytes(await untilAborted(this.deps.storage.read(key), signal));
    if (data.length > maxBytes) throw new Error(`design file over ${maxBytes} bytes`);
    return runInPool(
      this.deps.workers,
      { task: 'renderCover', data, format, deadline },
      {
        transfer: [data.buffer as ArrayBuffer],
        signal,
        timeoutMs: Math.max(1, deadline - Date.now()),
      },
    );
  }

  /** The same objects and row a cover upload leaves (modules/files/upload.service). */
  private async store(userId: number, source: TStoredFile, drawn: TCoverImage): Promise<string> {
    const { storage, files, clock } = this.deps;
    const bytes = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const processed = {
      image: { data: bytes(drawn.image), ext: drawn.ext, mime: drawn.mime },
      thumbnail: bytes(drawn.thumbnail),
    };
    const image = await storeProcessedImage(
      storage,
      processed,
      `${cleanBaseName(source.filename)}-cover`,
      { withCopies: true },
    );
    await files.record([
      {
        userId,
        sha256: image.sha256,
        url: image.url,
        filename: image.filename,
        size: image.size,
        mime: image.mime,
        kind: 'cover',
        thumbnail: image.thumbnail,
        createdAt: clock(),
      },
    ]);
    return image.url;
  }
}

/** `promise`, or a CoverTimeoutError once `signal` aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new CoverTimeoutError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new CoverTimeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
