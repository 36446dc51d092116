import type { TLaserImageOptions } from '@layerline/contract';
import sharp from 'sharp';
import type { TAiOutputFile, TAiResult } from '../ai-engine';
import { dither, threshold } from './dither';
import { checkOutputSize, decodeRgba, otsuThreshold, type TRgbaImage } from './image-input';
import { loadOpenCv } from './opencv-runtime';
import { encodePng } from './png-codec';
import { posterize } from './posterize';
import { progressPart, type TProgress } from './progress-pace';

/**
 * Photo to an engraving-ready picture (the local image-to-image engine,
 * DESIGN 5 laser preparation). Laser: a 1-bit PNG (8-bit for 'grayscale')
 * sized in millimetres at the machine's DPI, written into pHYs so LightBurn
 * or xTool Creative Space open it at that size. UV: the picture posterised to
 * N colours plus a 1-bit white-ink layer of the same size.
 */

/** Pixels for a physical size: mm × DPI / 25.4. */
export const pixelsFor = (mm: number, dpi: number) => Math.max(1, Math.round((mm * dpi) / 25.4));

function targetSize(image: TRgbaImage, options: TLaserImageOptions) {
  const width = pixelsFor(options.widthMm, options.dpi);
  const height = options.heightMm
    ? pixelsFor(options.heightMm, options.dpi)
    : Math.max(1, Math.round((width * image.height) / image.width));
  checkOutputSize(width, height);
  return { width, height };
}

/** Brightness, contrast, gamma and invert as one lookup table. */
function toneTable(options: TLaserImageOptions, isInverted: boolean): Uint8Array {
  const contrast = options.contrast * 2.55;
  const factor = (259 * (contrast + 255)) / (255 * (259 - contrast));
  const table = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    let value = v / 255 + options.brightness / 100;
    value = factor * (value - 0.5) + 0.5;
    value = Math.min(1, Math.max(0, value)) ** (1 / options.gamma);
    const out = Math.round(value * 255);
    table[v] = isInverted ? 255 - out : out;
  }
  return table;
}

const raw = (image: TRgbaImage) => ({
  raw: { width: image.width, height: image.height, channels: 4 as const },
});

/** Gray at the target size; transparent parts are bare material (white). */
async function grayAt(image: TRgbaImage, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(image.data, raw(image))
    .flatten({ background: '#ffffff' })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/** Pencil sketch: colour-dodge the picture with its blurred negative. */
async function sketch(gray: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const negative = Buffer.from(gray.map((v) => 255 - v));
  const sigma = Math.max(2, Math.min(width, height) / 120);
  // sharp widens a 1-channel raw input to sRGB (3 channels) on the way out;
  // take one band back, or every index below would read the wrong pixel.
  const { data: blurred, info } = await sharp(negative, { raw: { width, height, channels: 1 } })
    .blur(sigma)
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 || blurred.length !== gray.length) {
    throw new Error(`sketch: expected 1 channel, got ${info.channels}`);
  }
  const out = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) {
    const blend = blurred[i] as number;
    out[i] =
      blend >= 255 ? 255 : Math.min(255, Math.round(((gray[i] as number) * 255) / (255 - blend)));
  }
  return out;
}

/** Line art: Canny edges (thresholds from the picture itself) as 1-pixel black lines. */
async function lineArt(gray: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const { cv } = await loadOpenCv();
  const source = new cv.Mat(height, width, cv.CV_8UC1);
  const blurred = new cv.Mat();
  const edges = new cv.Mat();
  try {
    source.data.set(gray);
    cv.GaussianBlur(source, blurred, new cv.Size(5, 5), 0);
    const high = Math.max(30, otsuThreshold(gray));
    cv.Canny(blurred, edges, high / 2, high);
    const out = new Uint8Array(gray.length);
    const edge = edges.data;
    for (let i = 0; i < out.length; i++) out[i] = edge[i] ? 0 : 1;
    return out;
  } finally {
    source.delete();
    blurred.delete();
    edges.delete();
  }
}

async function laser(
  image: TRgbaImage,
  options: TLaserImageOptions,
  progress?: TProgress,
): Promise<TAiOutputFile> {
  const { width, height } = targetSize(image, options);
  const base = await grayAt(image, width, height);
  const isLineArt = options.mode === 'lineart';
  // Line art finds edges on the true picture; inverting it only swaps the line colour.
  const table = toneTable(options, options.invert && !isLineArt);
  let gray: Uint8Array = base.map((v) => table[v] as number);
  if (options.mode === 'grayscale') {
    const pixels = encodePng({ width, height, pixels: gray, kind: 'gray', dpi: options.dpi });
    return { filename: 'laser-grayscale.png', mime: 'image/png', data: pixels };
  }
  let bits: Uint8Array;
  if (isLineArt) {
    bits = await lineArt(gray, width, height);
    if (options.invert) bits = bits.map((bit) => 1 - bit);
  } else if (options.mode === 'threshold') {
    bits = threshold(gray, options.threshold);
  } else {
    if (options.mode === 'sketch') gray = await sketch(gray, width, height);
    bits = dither(
      gray,
      width,
      height,
      options.dither,
      { cell: options.halftoneCell, angle: options.halftoneAngle },
      progressPart(progress, 0.2, 0.9),
    );
  }
  return {
    filename: `laser-${options.mode}.png`,
    mime: 'image/png',
    data: encodePng({ width, height, pixels: bits, kind: 'bilevel', dpi: options.dpi }),
  };
}

/** Near-white counts as bare substrate when asked: no colour and no white ink there. */
const NEAR_WHITE = 240;

async function uv(image: TRgbaImage, options: TLaserImageOptions): Promise<TAiOutputFile[]> {
  const { width, height } = targetSize(image, options);
  const resized = await sharp(image.data, raw(image))
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  const table = toneTable(options, false);
  for (let i = 0; i < resized.length; i += 4) {
    const [r, g, b] = [resized[i] as number, resized[i + 1] as number, resized[i + 2] as number];
    const isClear =
      (resized[i + 3] as number) < 128 || (options.whiteIsClear && Math.min(r, g, b) >= NEAR_WHITE);
    resized[i] = isClear ? 0 : (table[r] as number);
    resized[i + 1] = isClear ? 0 : (table[g] as number);
    resized[i + 2] = isClear ? 0 : (table[b] as number);
    resized[i + 3] = isClear ? 0 : 255;
  }
  const { indices, inks } = posterize(resized, width * height, options.colors);
  const palette = [
    ...inks.map(([r, g, b]) => [r, g, b, 255] as const),
    [255, 255, 255, 0] as const,
  ];
  // White ink goes under every printed pixel: black (0) = ink, as in the laser files.
  const clear = inks.length;
  const ink = indices.map((index) => (index === clear ? 1 : 0));
  return [
    {
      filename: 'uv-color.png',
      mime: 'image/png',
      data: encodePng({
        width,
        height,
        pixels: indices,
        kind: 'palette',
        palette,
        dpi: options.dpi,
      }),
    },
    {
      filename: 'uv-white-ink.png',
      mime: 'image/png',
      data: encodePng({ width, height, pixels: ink, kind: 'bilevel', dpi: options.dpi }),
    },
  ];
}

export async function laserImage(
  input: Buffer,
  options: TLaserImageOptions,
  progress?: TProgress,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  progress?.(0.1);
  if (options.target === 'uv') return { files: await uv(image, options) };
  return { files: [await laser(image, options, progress)] };
}
