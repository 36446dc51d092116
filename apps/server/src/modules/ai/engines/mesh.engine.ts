import type { TLithophaneOptions, TRelief3dOptions } from '@layerline/contract';
import sharp from 'sharp';
import { AiEngineError, type TAiResult } from '../ai-engine';
import { decodeRgba, type TRgbaImage } from './image-input';
import { simplifiedGridSolid } from './mesh-solid';
import { meshFiles } from './mesh-writers';
import { progressPart, type TProgress } from './progress-pace';
import { removeBackground } from './remove-background.engine';

/**
 * Relief and lithophane (DESIGN 5): a picture becomes a height map, the
 * height map a closed solid in millimetres, the solid STL, 3MF and GLB.
 */

/** A height map: `values` 0..1 per sample, row by row, and opacity (0..1) per sample. */
type THeightMap = { values: Float32Array; alpha: Float32Array; columns: number; rows: number };

/**
 * The picture scaled so its longer side has at most `resolution` samples
 * (a huge picture is downsampled before any mesh exists), as darkness 0..1
 * stretched to the full range, so the tallest point reaches the requested size.
 */
async function heightMap(image: TRgbaImage, resolution: number): Promise<THeightMap> {
  const scale = Math.min(1, resolution / Math.max(image.width, image.height));
  const columns = Math.max(3, Math.round(image.width * scale));
  const rows = Math.max(3, Math.round(image.height * scale));
  const { data } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 4 },
  })
    .resize(columns, rows, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const values = new Float32Array(columns * rows);
  const alpha = new Float32Array(columns * rows);
  let min = 1;
  let max = 0;
  for (let p = 0, i = 0; p < values.length; p++, i += 4) {
    const a = (data[i + 3] as number) / 255;
    const gray =
      0.299 * (data[i] as number) +
      0.587 * (data[i + 1] as number) +
      0.114 * (data[i + 2] as number);
    // Transparent parts read as white paper.
    const darkness = ((255 - gray) * a) / 255;
    values[p] = darkness;
    alpha[p] = a;
    if (darkness < min) min = darkness;
    if (darkness > max) max = darkness;
  }
  const range = max - min;
  for (let p = 0; p < values.length; p++) {
    values[p] = range > 1e-6 ? ((values[p] as number) - min) / range : 0;
  }
  return { values, alpha, columns, rows };
}

/** Box blur of `radius` samples, run across then down (separable). */
function smooth(map: THeightMap, radius: number): void {
  if (radius < 1) return;
  const { columns: w, rows: h } = map;
  const source = map.values;
  const temp = new Float32Array(source.length);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, i - radius); k <= Math.min(w - 1, i + radius); k++, n++) {
        sum += source[j * w + k] as number;
      }
      temp[j * w + i] = sum / n;
    }
  }
  for (let i = 0; i < w; i++) {
    for (let j = 0; j < h; j++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, j - radius); k <= Math.min(h - 1, j + radius); k++, n++) {
        sum += temp[k * w + i] as number;
      }
      source[j * w + i] = sum / n;
    }
  }
  // Blurring lowers peaks; stretch again so the requested height is met.
  let min = 1;
  let max = 0;
  for (const value of source) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (max - min > 1e-6) {
    for (let p = 0; p < source.length; p++) source[p] = ((source[p] as number) - min) / (max - min);
  }
}

async function sourceImage(input: Buffer, withoutBackground: boolean): Promise<TRgbaImage> {
  const image = await decodeRgba(input);
  if (!withoutBackground) return image;
  // Hard edges: a soft alpha fringe would leave a faint ramp around the subject.
  const cutout = await removeBackground(input, { quality: 'best', hardEdges: true });
  const file = cutout.files[0];
  if (!file) throw new AiEngineError('failed', 'Background removal returned no picture.');
  return decodeRgba(file.data);
}

/**
 * Relief: a solid base of `baseMm` with the picture rising up to `reliefMm`
 * above it; dark is high unless inverted; a removed background stays flat.
 */
export async function relief3d(
  input: Buffer,
  options: TRelief3dOptions,
  progress?: TProgress,
): Promise<TAiResult> {
  const image = await sourceImage(input, options.removeBackground);
  progress?.(0.15);
  const map = await heightMap(image, options.resolution);
  progress?.(0.25);
  if (options.invert)
    for (let p = 0; p < map.values.length; p++) map.values[p] = 1 - (map.values[p] as number);
  if (options.removeBackground) {
    for (let p = 0; p < map.values.length; p++)
      map.values[p] = (map.values[p] as number) * (map.alpha[p] as number);
  }
  smooth(map, options.smoothing);
  progress?.(0.3);
  const { columns, rows, values } = map;
  const step = options.widthMm / (columns - 1);
  const solid = await simplifiedGridSolid(
    {
      columns,
      rows,
      isBottomFlat: true,
      // Image rows run down the picture; y runs away from the viewer, so the top row is far.
      top: (i, j) => [
        i * step,
        (rows - 1 - j) * step,
        options.baseMm + (values[j * columns + i] as number) * options.reliefMm,
      ],
      bottom: (i, j) => [i * step, (rows - 1 - j) * step, 0],
    },
    progressPart(progress, 0.3, 0.6),
  );
  progress?.(0.6);
  return { files: await meshFiles(solid, 'relief', progressPart(progress, 0.6, 1)) };
}

/**
 * Lithophane: thickness from `minThicknessMm` (light) to `maxThicknessMm`
 * (dark; the other way round for a negative). Flat panels lie on the bed
 * with an optional frame at full thickness; curved ones are a cylinder
 * section of `angleDeg` standing on their lower edge, the picture outside.
 */
export async function lithophane(
  input: Buffer,
  options: TLithophaneOptions,
  progress?: TProgress,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  progress?.(0.1);
  const map = await heightMap(image, options.resolution);
  progress?.(0.25);
  const range = options.maxThicknessMm - options.minThicknessMm;
  const { columns, rows } = map;
  const step = options.widthMm / (columns - 1);
  const frame = options.shape === 'flat' ? Math.round(options.frameMm / step) : 0;
  if (frame * 2 >= Math.min(columns, rows) - 2) {
    throw new AiEngineError('badParameters', 'The frame is wider than the picture.');
  }
  const thickness = (i: number, j: number) => {
    if (i < frame || j < frame || i >= columns - frame || j >= rows - frame)
      return options.maxThicknessMm;
    const darkness = map.values[j * columns + i] as number;
    const t = options.polarity === 'positive' ? darkness : 1 - darkness;
    return options.minThicknessMm + t * range;
  };
  if (options.shape === 'flat') {
    const solid = await simplifiedGridSolid(
      {
        columns,
        rows,
        isBottomFlat: true,
        top: (i, j) => [i * step, (rows - 1 - j) * step, thickness(i, j)],
        bottom: (i, j) => [i * step, (rows - 1 - j) * step, 0],
      },
      progressPart(progress, 0.3, 0.6),
    );
    progress?.(0.6);
    return { files: await meshFiles(solid, 'lithophane', progressPart(progress, 0.6, 1)) };
  }
  // Curved: the inner face is an arc of width `widthMm`; the picture's rows climb the z axis.
  const angle = (options.angleDeg * Math.PI) / 180;
  const radius = options.widthMm / angle;
  const at = (i: number, j: number, r: number): [number, number, number] => {
    const phi = -angle / 2 + (i / (columns - 1)) * angle;
    return [r * Math.sin(phi), r * Math.cos(phi), (rows - 1 - j) * step];
  };
  const solid = await simplifiedGridSolid(
    {
      columns,
      rows,
      isBottomFlat: false,
      top: (i, j) => at(i, j, radius + thickness(i, j)),
      bottom: (i, j) => at(i, j, radius),
    },
    progressPart(progress, 0.3, 0.6),
  );
  progress?.(0.6);
  return { files: await meshFiles(solid, 'lithophane', progressPart(progress, 0.6, 1)) };
}
