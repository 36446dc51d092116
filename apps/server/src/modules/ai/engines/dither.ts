import type { TDitherMethod } from '@layerline/contract';

/**
 * Gray (0 black .. 255 white, one byte a pixel) to bilevel: 1 leaves the
 * material alone, 0 is a dot the laser burns. Error diffusion keeps the mean
 * tone of every area; ordered and halftone screens give regular dots that
 * some materials (anodised metal, tiles) take better.
 */

type TKernel = {
  divisor: number;
  taps: readonly (readonly [dx: number, dy: number, weight: number])[];
};

const KERNELS: Record<'floyd-steinberg' | 'jarvis' | 'stucki' | 'atkinson', TKernel> = {
  'floyd-steinberg': {
    divisor: 16,
    taps: [
      [1, 0, 7],
      [-1, 1, 3],
      [0, 1, 5],
      [1, 1, 1],
    ],
  },
  jarvis: {
    divisor: 48,
    taps: [
      [1, 0, 7],
      [2, 0, 5],
      [-2, 1, 3],
      [-1, 1, 5],
      [0, 1, 7],
      [1, 1, 5],
      [2, 1, 3],
      [-2, 2, 1],
      [-1, 2, 3],
      [0, 2, 5],
      [1, 2, 3],
      [2, 2, 1],
    ],
  },
  stucki: {
    divisor: 42,
    taps: [
      [1, 0, 8],
      [2, 0, 4],
      [-2, 1, 2],
      [-1, 1, 4],
      [0, 1, 8],
      [1, 1, 4],
      [2, 1, 2],
      [-2, 2, 1],
      [-1, 2, 2],
      [0, 2, 4],
      [1, 2, 2],
      [2, 2, 1],
    ],
  },
  // Atkinson spreads only 6/8 of the error: highlights and shadows stay clean.
  atkinson: {
    divisor: 8,
    taps: [
      [1, 0, 1],
      [2, 0, 1],
      [-1, 1, 1],
      [0, 1, 1],
      [1, 1, 1],
      [0, 2, 1],
    ],
  },
};

/** Serpentine scan (every other row right to left) avoids the diagonal worms of raster order. */
function diffuse(
  gray: Uint8Array,
  width: number,
  height: number,
  kernel: TKernel,
  progress?: (fraction: number) => void,
): Uint8Array {
  const work = Float32Array.from(gray);
  const out = new Uint8Array(gray.length);
  for (let y = 0; y < height; y++) {
    const isReversed = y % 2 === 1;
    for (let i = 0; i < width; i++) {
      const x = isReversed ? width - 1 - i : i;
      const at = y * width + x;
      const old = work[at] as number;
      const isWhite = old >= 128;
      out[at] = isWhite ? 1 : 0;
      const error = (old - (isWhite ? 255 : 0)) / kernel.divisor;
      for (const [dx, dy, weight] of kernel.taps) {
        const nx = x + (isReversed ? -dx : dx);
        const ny = y + dy;
        if (nx < 0 || nx >= width || ny >= height) continue;
        const to = ny * width + nx;
        work[to] = (work[to] as number) + error * weight;
      }
    }
    progress?.((y + 1) / height);
  }
  return out;
}

/** The 8×8 Bayer matrix (built by doubling 1 -> 2 -> 4 -> 8), thresholds spread over 0..255. */
const BAYER_8 = (() => {
  let matrix = [0];
  let size = 1;
  while (size < 8) {
    const next = new Array<number>(size * size * 4);
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const base = 4 * (matrix[y * size + x] as number);
        const row = 2 * size;
        next[y * row + x] = base;
        next[y * row + x + size] = base + 2;
        next[(y + size) * row + x] = base + 3;
        next[(y + size) * row + x + size] = base + 1;
      }
    }
    matrix = next;
    size *= 2;
  }
  return Float32Array.from(matrix, (value) => ((value + 0.5) / 64) * 255);
})();

function ordered(
  gray: Uint8Array,
  width: number,
  height: number,
  progress?: (fraction: number) => void,
): Uint8Array {
  const out = new Uint8Array(gray.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      out[at] = (gray[at] as number) >= (BAYER_8[(y % 8) * 8 + (x % 8)] as number) ? 1 : 0;
    }
    progress?.((y + 1) / height);
  }
  return out;
}

/**
 * Clustered-dot screen at `angle`: a round dot in every cell grows with the
 * darkness around it, like a printed newspaper photo.
 */
function halftone(
  gray: Uint8Array,
  width: number,
  height: number,
  cell: number,
  angleDegrees: number,
  progress?: (fraction: number) => void,
): Uint8Array {
  const out = new Uint8Array(gray.length);
  const angle = (angleDegrees * Math.PI) / 180;
  const cos = Math.cos(angle) / cell;
  const sin = Math.sin(angle) / cell;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x * cos + y * sin;
      const v = -x * sin + y * cos;
      // 1 at a cell's centre, 0 at its corners.
      const spot = (Math.cos(2 * Math.PI * u) + Math.cos(2 * Math.PI * v)) / 4 + 0.5;
      const at = y * width + x;
      const darkness = 1 - (gray[at] as number) / 255;
      out[at] = spot > 1 - darkness ? 0 : 1;
    }
    progress?.((y + 1) / height);
  }
  return out;
}

export function dither(
  gray: Uint8Array,
  width: number,
  height: number,
  method: TDitherMethod,
  halftoneOptions: { cell: number; angle: number } = { cell: 8, angle: 45 },
  /** Rows dithered, as a share of all (SPEC 4 progress). */
  progress?: (fraction: number) => void,
): Uint8Array {
  if (method === 'bayer') return ordered(gray, width, height, progress);
  if (method === 'halftone') {
    const { cell, angle } = halftoneOptions;
    return halftone(gray, width, height, cell, angle, progress);
  }
  return diffuse(gray, width, height, KERNELS[method], progress);
}

export function threshold(gray: Uint8Array, level: number): Uint8Array {
  const out = new Uint8Array(gray.length);
  for (let i = 0; i < gray.length; i++) out[i] = (gray[i] as number) >= level ? 1 : 0;
  return out;
}
