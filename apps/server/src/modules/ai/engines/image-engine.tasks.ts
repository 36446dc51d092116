import type {
  TCookieCutterOptions,
  TEraseOptions,
  TLaserImageOptions,
  TLithophaneOptions,
  TRelief3dOptions,
  TRemoveBackgroundOptions,
  TVectorizeOptions,
} from '@layerline/contract';
import type { TAiResult } from '../ai-engine';
import { cookieCutter } from './cookie-cutter.engine';
import { erase } from './erase.engine';
import { laserImage } from './laser-image.engine';
import { lithophane, relief3d } from './mesh.engine';
import { removeBackground } from './remove-background.engine';
import { vectorize } from './vectorize.engine';

/**
 * The image engines as named tasks for a worker: plain data in (file bytes
 * and parsed options), files out. Registered with whichever worker runs them,
 * so the web server's event loop never decodes, traces or runs a model.
 */
export type TImageTaskInput =
  | { task: 'remove_background'; image: Uint8Array; options: TRemoveBackgroundOptions }
  | { task: 'erase'; image: Uint8Array; mask: Uint8Array; options: TEraseOptions }
  | { task: 'vectorize'; image: Uint8Array; options: TVectorizeOptions }
  | { task: 'laser_image'; image: Uint8Array; options: TLaserImageOptions }
  | { task: 'relief_3d'; image: Uint8Array; options: TRelief3dOptions }
  | { task: 'lithophane'; image: Uint8Array; options: TLithophaneOptions }
  | { task: 'cookie_cutter'; image: Uint8Array; options: TCookieCutterOptions };

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);

export function runImageTask(input: TImageTaskInput): Promise<TAiResult> {
  switch (input.task) {
    case 'remove_background':
      return removeBackground(asBuffer(input.image), input.options);
    case 'erase':
      return erase(asBuffer(input.image), asBuffer(input.mask), input.options);
    case 'vectorize':
      return vectorize(asBuffer(input.image), input.options);
    case 'laser_image':
      return laserImage(asBuffer(input.image), input.options);
    case 'relief_3d':
      return relief3d(asBuffer(input.image), input.options);
    case 'lithophane':
      return lithophane(asBuffer(input.image), input.options);
    case 'cookie_cutter':
      return cookieCutter(asBuffer(input.image), input.options);
  }
}
