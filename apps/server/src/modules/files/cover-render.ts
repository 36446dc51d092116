import { renderMeshPreview, renderSvgPreview } from '../../lib/render/design-preview';
import type { TMesh } from '../../lib/render/mesh.types';
import { parseObj } from '../../lib/render/obj.parser';
import { parseStl } from '../../lib/render/stl.parser';
import { processImage, type TProcessedImage } from './image-processor';
import { sanitizeSvg } from './svg-sanitizer';

/** Design formats a cover can be drawn from (ADR 0005). */
export type TRenderable = 'stl' | 'obj' | 'svg';

/** Ours: larger models are not read at all (a binary STL this size holds ~800k facets). */
export const COVER_MESH_MAX_BYTES = 40 * 1024 * 1024;
/** Ours: above this the model is not drawn (parsing alone would eat the time budget). */
export const COVER_MESH_MAX_TRIANGLES = 300_000;
export const COVER_SVG_MAX_BYTES = 5 * 1024 * 1024;

export const coverMaxBytes = (format: TRenderable) =>
  format === 'svg' ? COVER_SVG_MAX_BYTES : COVER_MESH_MAX_BYTES;

export class CoverTimeoutError extends Error {
  constructor() {
    super('cover rendering ran out of time');
    this.name = 'CoverTimeoutError';
  }
}

/**
 * Parses a design file and draws its cover: a PNG rasterised by sharp, then
 * re-encoded as a cover upload is (WebP and thumbnail). Runs in an upload
 * worker thread (ADR 0008), where the pool's time and heap caps end it; it
 * also stops between steps once `deadline` (epoch ms) has passed.
 */
export async function renderCover(
  data: Buffer,
  format: TRenderable,
  deadline: number,
): Promise<TProcessedImage> {
  if (data.length > coverMaxBytes(format)) {
    throw new Error(`design file over ${coverMaxBytes(format)} bytes`);
  }
  const check = () => {
    if (Date.now() > deadline) throw new CoverTimeoutError();
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
