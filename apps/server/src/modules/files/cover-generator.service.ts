import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { TStoredFile } from '../../db/schema';
import type { TClock } from '../../lib/clock';
import { renderMeshPreview, renderSvgPreview } from '../../lib/render/design-preview';
import type { TMesh } from '../../lib/render/mesh.types';
import { parseObj } from '../../lib/render/obj.parser';
import { parseStl } from '../../lib/render/stl.parser';
import type { FilesRepository } from './files.repository';
import { processImage } from './image-processor';
import type { FileStorage } from './storage';
import { storeProcessedImage } from './stored-image';
import { sanitizeSvg } from './svg-sanitizer';
import { cleanBaseName } from './upload.service';

type TRenderable = 'stl' | 'obj' | 'svg';

/** Ours: what a publish request may spend drawing a cover before it gives up. */
export const COVER_RENDER_MS = 2000;
/** Ours: larger models are not read at all (a binary STL this size holds ~800k facets). */
export const COVER_MESH_MAX_BYTES = 40 * 1024 * 1024;
/** Ours: above this the model is not drawn (parsing alone would eat the time budget). */
export const COVER_MESH_MAX_TRIANGLES = 300_000;
export const COVER_SVG_MAX_BYTES = 5 * 1024 * 1024;

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

class CoverTimeoutError extends Error {
  constructor(ms: number) {
    super(`cover rendering took longer than ${ms} ms`);
    this.name = 'CoverTimeoutError';
  }
}

export type TCoverGeneratorDeps = {
  storage: FileStorage;
  files: FilesRepository;
  clock: TClock;
  log?: Pick<FastifyBaseLogger, 'warn'>;
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
    const state = { expired: false };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        state.expired = true;
        reject(new CoverTimeoutError(budget));
      }, budget);
    });
    try {
      const image = await Promise.race([
        this.draw(source, format, Date.now() + budget, state),
        timeout,
      ]);
      return await this.store(userId, source, image);
    } catch (error) {
      this.deps.log?.warn(
        { err: error, file: source.url, userId },
        'cover: could not draw one from the design file; saved without a cover',
      );
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Reads, parses and rasterises; stops between steps once the budget is spent. */
  private async draw(
    source: TStoredFile,
    format: TRenderable,
    deadline: number,
    state: { expired: boolean },
  ): Promise<Awaited<ReturnType<typeof processImage>>> {
    const maxBytes = format === 'svg' ? COVER_SVG_MAX_BYTES : COVER_MESH_MAX_BYTES;
    if (source.size > maxBytes) throw new Error(`design file over ${maxBytes} bytes`);
    const key = this.deps.storage.keyFromUrl(source.url);
    if (!key) throw new Error('design file is not in this store');
    const data = await this.deps.storage.read(key);
    if (data.length > maxBytes) throw new Error(`design file over ${maxBytes} bytes`);
    const check = () => {
      if (state.expired || Date.now() > deadline) throw new CoverTimeoutError(0);
    };
    const seconds = () => Math.max(1, Math.ceil((deadline - Date.now()) / 1000));
    check();
    let png: Buffer;
    if (format === 'svg') {
      // Stored SVGs were sanitised on upload; sanitising again costs little and
      // guarantees the rasteriser never sees a reference outside the file.
      png = await renderSvgPreview(sanitizeSvg(data.toString('utf8')), seconds());
    } else {
      const limits = { maxTriangles: COVER_MESH_MAX_TRIANGLES };
      const mesh: TMesh = format === 'stl' ? parseStl(data, limits) : parseObj(data, limits);
      check();
      png = await renderMeshPreview(mesh, seconds());
    }
    check();
    return processImage(png, 'cover');
  }

  /** The same objects and row a cover upload leaves (modules/files/upload.service). */
  private async store(
    userId: number,
    source: TStoredFile,
    processed: Awaited<ReturnType<typeof processImage>>,
  ): Promise<string> {
    const { storage, files, clock } = this.deps;
    const image = await storeProcessedImage(
      storage,
      processed,
      `${cleanBaseName(source.filename)}-cover`,
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
