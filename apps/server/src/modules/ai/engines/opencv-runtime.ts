import { createRequire } from 'node:module';
import type * as OpenCv from '@techstark/opencv-js';

export type TOpenCv = typeof OpenCv;

const requireFrom = createRequire(import.meta.url);

let ready: Promise<{ cv: TOpenCv }> | undefined;

/**
 * OpenCV.js (WebAssembly), loaded once per worker on first use. DESIGN 5: the
 * module object has a `then` of its own, so awaiting it (or resolving a
 * promise with it, or returning it from an async function) never settles;
 * wait for `onRuntimeInitialized` and hand the object over inside a wrapper.
 */
export function loadOpenCv(): Promise<{ cv: TOpenCv }> {
  ready ??= new Promise((resolve) => {
    const cv = requireFrom('@techstark/opencv-js') as TOpenCv & {
      onRuntimeInitialized?: () => void;
    };
    if (typeof cv.Mat === 'function') return resolve({ cv });
    // The WebAssembly compile does not hold the event loop open; without a
    // timer a script or worker with nothing else pending would exit mid-load.
    const keepAlive = setInterval(() => {}, 1000);
    cv.onRuntimeInitialized = () => {
      clearInterval(keepAlive);
      resolve({ cv });
    };
  });
  // Never unwrap here: an async function returning `cv` would adopt its `then`.
  return ready;
}
