import type { TImageStyleOptions } from '@layerline/contract';
import sharp from 'sharp';
import type { TAiOutputFile, TAiResult } from '../ai-engine';
import { AiEngineError } from '../ai-engine';
import { checkOutputSize, decodeRgba, type TRgbaImage, toLuminance } from './image-input';
import { circleOutline, hatching, stipple, type TStyleCanvas } from './image-style-vector';
import { pixelsFor } from './laser-image.engine';
import { loadOpenCv } from './opencv-runtime';
import { DEFAULT_OUTPUT_DPI, encodePng } from './png-codec';
import { posterize } from './posterize';
import { progressPart, type TProgress } from './progress-pace';
import { buildSvg } from './svg-document';

/**
 * The local styles of image-to-image (DESIGN 5), for laser and UV makers on
 * a server with no provider: a line drawing and a cartoon (posterised) PNG
 * carrying their DPI, and engraving hatching and stipple as SVG in mm.
 */

/** Cells per mm of the darkness grid the vector styles read (finer than any stroke). */
const GRID_PER_MM = 5;
const GRID_MAX_SIDE = 1000;

const rawOf = (image: TRgbaImage) => ({
  raw: { width: image.width, height: image.height, channels: 4 as const },
});

/**
 * Below this a declared DPI is a writer's default (72 and 96 for screens,
 * libvips' 25.4), not a print resolution, and the result takes the default
 * (300, DESIGN 5) instead.
 */
const MIN_SOURCE_DPI = 100;

function rasterSize(image: TRgbaImage, options: TImageStyleOptions) {
  const declared = image.density ? Math.round(image.density) : 0;
  const source = declared >= MIN_SOURCE_DPI ? declared : undefined;
  const dpi = options.dpi ?? source ?? DEFAULT_OUTPUT_DPI;
  const width = pixelsFor(options.widthMm, dpi);
  const height = Math.max(1, Math.round((width * image.height) / image.width));
  checkOutputSize(width, height);
  return { width, height, dpi };
}

/** The picture at the given size, transparent parts as white paper (opaque RGBA). */
async function paperAt(image: TRgbaImage, width: number, height: number): Promise<TRgbaImage> {
  const data = await sharp(image.data, rawOf(image))
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .ensureAlpha(1)
    .raw()
    .toBuffer();
  return { data, width, height, hasAlpha: false };
}

/**
 * Edges as a 0/255 mask, each line `linePx` wide: Canny on the blurred gray,
 * thresholds from `detail` (1 keeps faint edges), then dilated.
 */
async function edgeMask(
  gray: Uint8Array,
  width: number,
  height: number,
  linePx: number,
  detail: number,
): Promise<Uint8Array> {
  return withOpenCv(async (cv, track) => {
    const source = track(new cv.Mat(height, width, cv.CV_8UC1));
    source.data.set(gray);
    const blurred = track(new cv.Mat());
    // Blur about a line width: texture finer than a line is not drawn.
    const sigma = Math.max(1, linePx / 2);
    cv.GaussianBlur(source, blurred, new cv.Size(0, 0), sigma);
    const edges = track(new cv.Mat());
    const high = 160 - 120 * detail;
    cv.Canny(blurred, edges, high / 2, high, 3, true);
    return thickened(cv, track, edges, linePx);
  });
}

type TCv = Awaited<ReturnType<typeof loadOpenCv>>['cv'];
type TTrack = <T extends { delete(): void }>(mat: T) => T;

/** Runs `work` with OpenCV, freeing every Mat it tracked however it ends. */
async function withOpenCv<T>(work: (cv: TCv, track: TTrack) => T | Promise<T>): Promise<T> {
  const { cv } = await loadOpenCv();
  const mats: { delete(): void }[] = [];
  const track: TTrack = (mat) => {
    mats.push(mat);
    return mat;
  };
  try {
    return await work(cv, track);
  } finally {
    for (const mat of mats) mat.delete();
  }
}

/** A one-pixel line mask drawn `linePx` wide. */
function thickened(
  cv: TCv,
  track: TTrack,
  lines: InstanceType<TCv['Mat']>,
  linePx: number,
): Uint8Array {
  const thick = track(new cv.Mat());
  const size = Math.max(1, Math.round(linePx));
  const kernel = track(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(size, size)));
  cv.dilate(lines, thick, kernel);
  return Uint8Array.from(thick.data);
}

/** Ours: two inks closer than this (RGB distance) are one surface's shading, not two regions. */
const OUTLINE_MIN_INK_DISTANCE = 80;

/**
 * Where flat colour regions of clearly different inks meet, drawn `linePx`
 * wide: cartoon outlines follow the regions, so two colours of the same
 * brightness (red against teal) are outlined too, while the bands a smooth
 * gradient falls into (a lit wall) are not.
 */
async function regionOutlines(
  indices: Uint8Array,
  inks: readonly (readonly [number, number, number])[],
  size: { width: number; height: number },
  linePx: number,
): Promise<Uint8Array> {
  const { width, height } = size;
  const apart = inks.map((a) =>
    inks.map(([r, g, b]) => Math.hypot(a[0] - r, a[1] - g, a[2] - b) >= OUTLINE_MIN_INK_DISTANCE),
  );
  const differs = (p: number, q: number) =>
    apart[indices[p] as number]?.[indices[q] as number] === true;
  return withOpenCv((cv, track) => {
    const seams = track(new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(0)));
    const data = seams.data;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x;
        if ((x + 1 < width && differs(p, p + 1)) || (y + 1 < height && differs(p, p + width))) {
          data[p] = 255;
        }
      }
    }
    return thickened(cv, track, seams, linePx);
  });
}

/** Photo to line drawing: dark lines on white, 1-bit, at the asked size and DPI. */
async function lineDrawing(image: TRgbaImage, options: TImageStyleOptions): Promise<TAiOutputFile> {
  const { width, height, dpi } = rasterSize(image, options);
  const gray = toLuminance(await paperAt(image, width, height));
  const linePx = (options.lineMm * dpi) / 25.4;
  const edges = await edgeMask(gray, width, height, linePx, options.detail);
  // 1-bit: 0 is a line (ink), 1 is paper, as in the laser files.
  const bits = edges.map((edge) => (edge ? 0 : 1));
  return {
    filename: 'style-line-drawing.png',
    mime: 'image/png',
    data: encodePng({ width, height, pixels: bits, kind: 'bilevel', dpi }),
  };
}

/** Cartoon: flat colours (at most `colors`, outlines included) with dark outlines. */
async function posterized(image: TRgbaImage, options: TImageStyleOptions): Promise<TAiOutputFile> {
  const { width, height, dpi } = rasterSize(image, options);
  const linePx = (options.lineMm * dpi) / 25.4;
  // A median filter flattens texture into regions before the colours are chosen.
  const median = Math.min(9, Math.max(3, Math.round(linePx) | 1));
  const flat = await sharp((await paperAt(image, width, height)).data, {
    raw: { width, height, channels: 4 },
  })
    .median(median)
    .raw()
    .toBuffer();
  const inkCount = options.outlines ? options.colors - 1 : options.colors;
  const { indices, inks } = posterize(flat, width * height, inkCount);
  const palette = inks.map(([r, g, b]) => [r, g, b, 255] as const);
  if (options.outlines) {
    const outline = palette.length;
    palette.push([24, 24, 24, 255]);
    const edges = await regionOutlines(indices, inks, { width, height }, linePx);
    for (let p = 0; p < edges.length; p++) if (edges[p]) indices[p] = outline;
  }
  return {
    filename: 'style-posterize.png',
    mime: 'image/png',
    data: encodePng({ width, height, pixels: indices, kind: 'palette', palette, dpi }),
  };
}

/** The piece in mm with the picture's darkness on a grid fine enough for its strokes. */
async function canvasOf(image: TRgbaImage, options: TImageStyleOptions): Promise<TStyleCanvas> {
  const widthMm = options.widthMm;
  const heightMm = (widthMm * image.height) / image.width;
  const scale = Math.min(GRID_PER_MM, GRID_MAX_SIDE / Math.max(widthMm, heightMm));
  const width = Math.max(1, Math.round(widthMm * scale));
  const height = Math.max(1, Math.round(heightMm * scale));
  const gray = toLuminance(await paperAt(image, width, height));
  const values = new Float32Array(gray.length);
  for (let i = 0; i < gray.length; i++) values[i] = 1 - (gray[i] as number) / 255;
  return { widthMm, heightMm, darkness: { values, width, height } };
}

async function vectorStyle(
  image: TRgbaImage,
  options: TImageStyleOptions,
  progress?: TProgress,
): Promise<TAiOutputFile> {
  const canvas = await canvasOf(image, options);
  progress?.(0.1);
  const drawing = progressPart(progress, 0.1, 0.95);
  const outlines =
    options.style === 'hatching'
      ? hatching(canvas, options, drawing)
      : stipple(canvas, options, drawing).map((dot) => circleOutline(dot, options.dotMm / 2));
  if (outlines.length === 0) {
    throw new AiEngineError('badParameters', 'Nothing to draw: the picture is blank.');
  }
  // Coordinates are already millimetres: one user unit per mm (svg-document.ts).
  const svg = buildSvg({
    widthPx: canvas.widthMm,
    heightPx: canvas.heightMm,
    mmPerPixel: 1,
    layers: [{ id: options.style, color: '#000000', outlines, style: 'fill', fillRule: 'nonzero' }],
  });
  return {
    filename: `style-${options.style}.svg`,
    mime: 'image/svg+xml',
    data: Buffer.from(svg, 'utf8'),
  };
}

/** `progress` takes the share done, 0 to 1 (SPEC 4 progress): stipple's relaxation rounds, hatching's lines. */
export async function imageStyle(
  input: Buffer,
  options: TImageStyleOptions,
  progress?: TProgress,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  progress?.(0.1);
  const rest = progressPart(progress, 0.1, 1);
  switch (options.style) {
    case 'line_drawing':
      return { files: [await lineDrawing(image, options)] };
    case 'posterize':
      return { files: [await posterized(image, options)] };
    case 'hatching':
    case 'stipple':
      return { files: [await vectorStyle(image, options, rest)] };
  }
}
