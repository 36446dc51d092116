import sharp, { type Metadata } from 'sharp';
import { declaredDpi } from '../../../kernel/image-density';
import { AiEngineError } from '../ai-engine';

/**
 * Largest picture an image engine decodes. 40 megapixels is 160 MB as RGBA
 * before any working copy, which keeps one job inside a worker's memory cap;
 * SPEC 9 uploads are at most 10 MB, which a photo of that size never exceeds.
 */
export const MAX_INPUT_PIXELS = 40_000_000;

/** Largest picture an engine writes (mm × DPI can ask for much more than the source). */
export const MAX_OUTPUT_PIXELS = 60_000_000;

export type TRgbaImage = {
  /** width × height × 4 bytes, straight (not premultiplied) alpha. */
  data: Buffer;
  width: number;
  height: number;
  /** DPI the file declares, if any (not libvips' 72 for a JPEG that declares none). */
  density?: number;
  hasAlpha: boolean;
};

const megapixels = (pixels: number) => (pixels / 1_000_000).toFixed(1);

/**
 * Decodes an upload to RGBA with EXIF orientation applied. Whatever is not a
 * readable picture ends as 'badParameters' with a message a person can act
 * on, never as an exception from deep inside libvips.
 */
export async function decodeRgba(input: Buffer, label = 'image'): Promise<TRgbaImage> {
  if (!Buffer.isBuffer(input) || input.length === 0) {
    throw new AiEngineError('badParameters', `The ${label} is empty.`);
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AiEngineError('badParameters', `The ${label} is not a picture this engine reads.`, {
      cause: error,
    });
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels === 0) throw new AiEngineError('badParameters', `The ${label} has no pixels.`);
  if (pixels > MAX_INPUT_PIXELS) {
    throw new AiEngineError(
      'badParameters',
      `The ${label} is ${megapixels(pixels)} megapixels; the limit is ${megapixels(MAX_INPUT_PIXELS)}.`,
    );
  }
  try {
    const { data, info } = await sharp(input, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      width: info.width,
      height: info.height,
      density: declaredDpi(input),
      hasAlpha: meta.hasAlpha === true,
    };
  } catch (error) {
    throw new AiEngineError('badParameters', `The ${label} is damaged and cannot be read.`, {
      cause: error,
    });
  }
}

/** Refuses outputs that would not fit in memory (e.g. 2 m at 1200 DPI). */
export function checkOutputSize(width: number, height: number): void {
  if (width < 1 || height < 1) {
    throw new AiEngineError('badParameters', 'The requested size is smaller than one pixel.');
  }
  if (width * height > MAX_OUTPUT_PIXELS) {
    throw new AiEngineError(
      'badParameters',
      `The requested size is ${megapixels(width * height)} megapixels at this DPI; the limit is ${megapixels(MAX_OUTPUT_PIXELS)}. Choose a smaller size or DPI.`,
    );
  }
}

/** Luminance (Rec. 601) with transparent parts read as white paper. */
export function toLuminance(image: TRgbaImage): Uint8Array {
  const { data, width, height } = image;
  const out = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < out.length; i += 4, p++) {
    const alpha = (data[i + 3] as number) / 255;
    const gray =
      0.299 * (data[i] as number) +
      0.587 * (data[i + 1] as number) +
      0.114 * (data[i + 2] as number);
    out[p] = Math.round(255 - (255 - gray) * alpha);
  }
  return out;
}

/** Otsu's threshold: the gray level that best splits a picture into ink and paper. */
export function otsuThreshold(gray: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const value of gray) histogram[value] = (histogram[value] as number) + 1;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * (histogram[i] as number);
  let sumBelow = 0;
  let countBelow = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 256; t++) {
    countBelow += histogram[t] as number;
    if (countBelow === 0) continue;
    const countAbove = gray.length - countBelow;
    if (countAbove === 0) break;
    sumBelow += t * (histogram[t] as number);
    const meanBelow = sumBelow / countBelow;
    const meanAbove = (sum - sumBelow) / countAbove;
    const variance = countBelow * countAbove * (meanBelow - meanAbove) ** 2;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t + 1;
    }
  }
  return best;
}
