import type {
  TCookieCutterOptions,
  TEraseOptions,
  TImageStyleOptions,
  TLaserImageOptions,
  TLithophaneOptions,
  TRelief3dOptions,
  TRemoveBackgroundOptions,
  TTextToLogoParams,
  TVectorizeOptions,
} from '@layerline/contract';
import { asBuffer, ownBuffer, sha256Of, transferListOf } from '../../../lib/workers/transfer';
import type { TAiResult } from '../ai-engine';
import { cookieCutter } from './cookie-cutter.engine';
import { erase } from './erase.engine';
import { imageStyle } from './image-style.engine';
import { laserImage } from './laser-image.engine';
import { lithophane, relief3d } from './mesh.engine';
import { removeBackground, warmUpBackgroundModel } from './remove-background.engine';
import { textToLogo } from './text-to-logo.engine';
import { vectorize } from './vectorize.engine';

/**
 * The local engines as named tasks for the engine pool's threads: plain data
 * in (file bytes and parsed options), files out, so the server's event loop
 * never decodes, traces, meshes, lays out glyphs or runs a model.
 */
export type TEngineTask =
  | { task: 'remove_background'; image: Uint8Array; options: TRemoveBackgroundOptions }
  | { task: 'erase'; image: Uint8Array; mask: Uint8Array; options: TEraseOptions }
  | {
      task: 'vectorize';
      image: Uint8Array;
      options: TVectorizeOptions;
      /** The upload's recorded DPI (null: it declared none); absent: read from the file. */
      sourceDpi?: number | null;
    }
  | { task: 'laser_image'; image: Uint8Array; options: TLaserImageOptions }
  | { task: 'image_to_image'; image: Uint8Array; options: TImageStyleOptions }
  | { task: 'relief_3d'; image: Uint8Array; options: TRelief3dOptions }
  | { task: 'lithophane'; image: Uint8Array; options: TLithophaneOptions }
  | { task: 'cookie_cutter'; image: Uint8Array; options: TCookieCutterOptions }
  | { task: 'text_to_logo'; options: TTextToLogoParams }
  /** Loads the ISNet model ahead of the first job (engine-pool.ts warmUpEngines). */
  | { task: 'warm_up' };

/**
 * A result as it crosses back from the thread: each file's bytes in an
 * ArrayBuffer of their own, transferred, with their SHA-256 taken in the
 * thread (ADR 0057); fakes in tests may leave the hash out.
 */
export type TEngineTaskOutput = {
  files: { filename: string; mime: string; data: Uint8Array; sha256?: string }[];
  text?: string;
};

/** The thread's answer for a result, and the buffers its message transfers (ADR 0057). */
export function engineReply(result: TAiResult): {
  output: TEngineTaskOutput;
  transfer: ArrayBuffer[];
} {
  const files = result.files.map((file) => {
    const data = ownBuffer(file.data);
    return { filename: file.filename, mime: file.mime, data, sha256: sha256Of(data) };
  });
  return {
    output: { files, ...(result.text !== undefined ? { text: result.text } : {}) },
    transfer: transferListOf(files.map((file) => file.data)),
  };
}

/** `progress` takes the share of the task done, 0 to 1, from the engines that loop (SPEC 4 progress). */
export async function runEngineTask(
  input: TEngineTask,
  progress?: (fraction: number) => void,
): Promise<TAiResult> {
  switch (input.task) {
    case 'remove_background':
      return removeBackground(asBuffer(input.image), input.options, progress);
    case 'erase':
      return erase(asBuffer(input.image), asBuffer(input.mask), input.options, progress);
    case 'vectorize':
      return vectorize(asBuffer(input.image), input.options, input.sourceDpi, progress);
    case 'laser_image':
      return laserImage(asBuffer(input.image), input.options, progress);
    case 'image_to_image':
      return imageStyle(asBuffer(input.image), input.options, progress);
    case 'relief_3d':
      return relief3d(asBuffer(input.image), input.options, progress);
    case 'lithophane':
      return lithophane(asBuffer(input.image), input.options, progress);
    case 'cookie_cutter':
      return cookieCutter(asBuffer(input.image), input.options, progress);
    case 'text_to_logo':
      return { files: await textToLogo(input.options, progress) };
    case 'warm_up':
      await warmUpBackgroundModel();
      return { files: [] };
  }
}
