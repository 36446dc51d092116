import type { TCookieCutterOptions } from '@layerline/contract';
import sharp from 'sharp';
import { AiEngineError, type TAiResult } from '../ai-engine';
import { decodeRgba, otsuThreshold, toLuminance } from './image-input';
import { columnSolid } from './mesh-columns';
import { simplifyPlanar } from './mesh-simplify';
import { meshFiles } from './mesh-writers';
import { progressPart, type TProgress } from './progress-pace';

/**
 * Cookie cutter (issue: local image-to-3D): the silhouette of a picture (dark
 * or opaque is the shape) or of an SVG becomes a cutting wall of `wallMm`
 * around the shape, `heightMm` tall, with a flange of `flangeMm` reaching
 * `flangeWidthMm` outwards at the bottom (the side that lies on the printer's
 * bed; the thin edge cuts). Holes in the silhouette get inner walls.
 */
export async function cookieCutter(
  input: Buffer,
  options: TCookieCutterOptions,
  progress?: TProgress,
): Promise<TAiResult> {
  const shape = await silhouette(input, options);
  progress?.(0.15);
  const { columns, rows } = shape;
  // Pixels from the shape outwards: the wall band, then the flange band.
  const distance = distanceOutside(shape.mask, columns, rows);
  const pixelMm = options.widthMm / shape.spanPixels;
  const wall = Math.max(1, Math.round(options.wallMm / pixelMm));
  const flange = wall + Math.round(options.flangeWidthMm / pixelMm);
  const heights = new Float32Array(columns * rows);
  for (let p = 0; p < heights.length; p++) {
    const d = distance[p] as number;
    if (d === 0) continue;
    if (d <= wall) heights[p] = options.heightMm;
    else if (d <= flange) heights[p] = options.flangeMm;
  }
  const solid = await simplifyPlanar(
    columnSolid({ columns, rows, heights, widthMm: options.widthMm }),
  );
  progress?.(0.6);
  return { files: await meshFiles(solid, 'cookie-cutter', progressPart(progress, 0.6, 1)) };
}

type TSilhouette = {
  mask: Uint8Array;
  columns: number;
  rows: number;
  /** Pixels across the whole cutter, flange included (what widthMm measures). */
  spanPixels: number;
};

/**
 * The shape as a mask on a grid of `resolution` pixels across the finished
 * cutter: cropped to the shape, scaled, and padded by the wall and flange so
 * they fit, plus one empty pixel all round.
 */
async function silhouette(input: Buffer, options: TCookieCutterOptions): Promise<TSilhouette> {
  const image = await decodeRgba(input);
  const gray = toLuminance(image);
  const threshold = options.threshold ?? otsuThreshold(gray);
  const full = new Uint8Array(gray.length);
  let minX = image.width;
  let minY = image.height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const p = y * image.width + x;
      const dark = (gray[p] as number) < threshold;
      if (dark === options.invert) continue;
      full[p] = 255;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < 0) {
    throw new AiEngineError(
      'badParameters',
      'The picture has no shape to cut: it is all one tone.',
    );
  }
  const cropW = maxX - minX + 1;
  const cropH = maxY - minY + 1;
  if (cropW === image.width && cropH === image.height && !options.invert) {
    throw new AiEngineError(
      'badParameters',
      'The shape fills the whole picture; use a picture with a plain background or invert it.',
    );
  }
  const bandMm = options.wallMm + options.flangeWidthMm;
  // Shape pixels s and padding pad (each side) satisfy s + 2 pad = resolution,
  // with pad = band / pixel + 1 and pixel = widthMm / (s + 2 band / pixel).
  const span = options.resolution;
  const pixelMm = options.widthMm / span;
  const pad = Math.ceil(bandMm / pixelMm) + 1;
  const shapeW = span - 2 * pad;
  if (shapeW < 8) {
    throw new AiEngineError(
      'badParameters',
      'The wall and flange are too wide for this cutter width; make the cutter wider.',
    );
  }
  const shapeH = Math.max(1, Math.round((cropH / cropW) * shapeW));
  // A one-channel raw input comes back from resize as sRGB (three channels):
  // keep the first band and read the channel count sharp reports, never assume it.
  const { data: scaled, info } = await sharp(full, {
    raw: { width: image.width, height: image.height, channels: 1 },
  })
    .extract({ left: minX, top: minY, width: cropW, height: cropH })
    .resize(shapeW, shapeH, { fit: 'fill', kernel: 'lanczos3' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const stride = info.channels;
  const columns = shapeW + 2 * pad;
  const rows = shapeH + 2 * pad;
  const mask = new Uint8Array(columns * rows);
  for (let y = 0; y < shapeH; y++) {
    for (let x = 0; x < shapeW; x++) {
      if ((scaled[(y * shapeW + x) * stride] as number) >= 128) {
        mask[(y + pad) * columns + x + pad] = 1;
      }
    }
  }
  return { mask, columns, rows, spanPixels: span - 2 };
}

/**
 * Euclidean distance in pixels from each pixel outside the shape to the
 * nearest shape pixel (0 inside), rounded up; Felzenszwalb and
 * Huttenlocher's two-pass transform on squared distances.
 */
function distanceOutside(mask: Uint8Array, columns: number, rows: number): Uint16Array {
  const INF = 1e12;
  const f = new Float64Array(Math.max(columns, rows));
  const d = new Float64Array(Math.max(columns, rows));
  const v = new Int32Array(Math.max(columns, rows));
  const z = new Float64Array(Math.max(columns, rows) + 1);
  const grid = new Float64Array(columns * rows);
  for (let p = 0; p < grid.length; p++) grid[p] = mask[p] ? 0 : INF;
  const pass = (n: number) => {
    const at = (q: number, r: number) =>
      ((f[q] as number) + q * q - ((f[r] as number) + r * r)) / (2 * q - 2 * r);
    let k = 0;
    v[0] = 0;
    z[0] = -INF;
    z[1] = INF;
    for (let q = 1; q < n; q++) {
      let s = at(q, v[k] as number);
      while (s <= (z[k] as number)) {
        k--;
        s = at(q, v[k] as number);
      }
      k++;
      v[k] = q;
      z[k] = s;
      z[k + 1] = INF;
    }
    k = 0;
    for (let q = 0; q < n; q++) {
      while ((z[k + 1] as number) < q) k++;
      const r = v[k] as number;
      d[q] = (q - r) * (q - r) + (f[r] as number);
    }
  };
  for (let x = 0; x < columns; x++) {
    for (let y = 0; y < rows; y++) f[y] = grid[y * columns + x] as number;
    pass(rows);
    for (let y = 0; y < rows; y++) grid[y * columns + x] = d[y] as number;
  }
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) f[x] = grid[y * columns + x] as number;
    pass(columns);
    for (let x = 0; x < columns; x++) grid[y * columns + x] = d[x] as number;
  }
  const out = new Uint16Array(columns * rows);
  for (let p = 0; p < out.length; p++) {
    out[p] = Math.min(65535, Math.ceil(Math.sqrt(grid[p] as number) - 1e-9));
  }
  return out;
}
