import { AiEngineError } from '../ai-engine';
import { finishSolid, solidSize, type TSolid } from './mesh-solid';

export type TColumnSolidInput = {
  columns: number;
  rows: number;
  /** Height of each pixel's column in millimetres (0 = empty); row 0 is the far edge. */
  heights: Float32Array;
  /** The solid is scaled so its bounding box is this wide (x); y keeps the proportions. */
  widthMm: number;
};

/**
 * A closed solid made of square columns standing on z = 0, one per pixel,
 * for shapes a single height field cannot hold (a cookie cutter is a ring).
 * The columns are cut into layers at every distinct height, so every edge of
 * the boundary is a lattice segment shared by exactly two triangles; pixels
 * that would touch only at a corner get a neighbour filled first (a corner
 * contact makes an edge that four faces share).
 */
export function columnSolid({ columns: w, rows: h, heights, widthMm }: TColumnSolidInput): TSolid {
  const levels = [0, ...new Set(Array.from(heights).filter((v) => v > 0))].sort((a, b) => a - b);
  const layers = levels.length - 1;
  if (layers < 1) throw new AiEngineError('badParameters', 'The shape is empty.');
  for (let k = layers - 1; k >= 0; k--) fillCornerContacts(heights, w, h, levels[k + 1] as number);
  const solid = (i: number, j: number, k: number) =>
    i >= 0 &&
    j >= 0 &&
    i < w &&
    j < h &&
    (heights[j * w + i] as number) >= (levels[k + 1] as number);

  const stride = (w + 1) * (h + 1);
  const positions = new Float32Array(stride * levels.length * 3);
  for (let l = 0; l < levels.length; l++) {
    for (let j = 0; j <= h; j++) {
      for (let i = 0; i <= w; i++)
        positions.set([i, j, levels[l] as number], (l * stride + j * (w + 1) + i) * 3);
    }
  }
  const V = (i: number, j: number, l: number) => l * stride + j * (w + 1) + i;
  const out: number[] = [];
  const quad = (a: number, b: number, c: number, d: number, flip: boolean) => {
    if (flip) out.push(a, c, b, a, d, c);
    else out.push(a, b, c, a, c, d);
  };
  for (let l = 0; l <= layers; l++) {
    for (let j = 0; j < h; j++) {
      for (let i = 0; i < w; i++) {
        const below = l > 0 && solid(i, j, l - 1);
        const above = l < layers && solid(i, j, l);
        if (below === above) continue;
        // Up-facing where the column ends, down-facing where it starts.
        quad(V(i, j, l), V(i + 1, j, l), V(i + 1, j + 1, l), V(i, j + 1, l), above);
      }
    }
  }
  for (let k = 0; k < layers; k++) {
    for (let j = -1; j < h; j++) {
      for (let i = -1; i < w; i++) {
        const here = solid(i, j, k);
        if (j >= 0 && here !== solid(i + 1, j, k)) {
          // The face on x = i + 1, outwards towards the empty side.
          quad(
            V(i + 1, j, k),
            V(i + 1, j + 1, k),
            V(i + 1, j + 1, k + 1),
            V(i + 1, j, k + 1),
            !here,
          );
        }
        if (i >= 0 && here !== solid(i, j + 1, k)) {
          // The face on y = j + 1.
          quad(
            V(i, j + 1, k),
            V(i + 1, j + 1, k),
            V(i + 1, j + 1, k + 1),
            V(i, j + 1, k + 1),
            here,
          );
        }
      }
    }
  }
  const finished = finishSolid({ positions, indices: Uint32Array.from(out) });
  // Grid units to millimetres; rows run down the picture, so y is mirrored
  // (finishSolid winds the mirrored solid outwards again).
  const [extent, depth] = solidSize(finished);
  const scale = widthMm / extent;
  const p = finished.positions;
  for (let k = 0; k < p.length; k += 3) {
    p[k] = (p[k] as number) * scale;
    p[k + 1] = (depth - (p[k + 1] as number)) * scale;
  }
  return finishSolid(finished);
}

/** Fills one pixel of every 2×2 block whose solid pixels touch only diagonally, until none is left. */
function fillCornerContacts(heights: Float32Array, w: number, h: number, level: number): void {
  const on = (i: number, j: number) => (heights[j * w + i] as number) >= level;
  for (let changed = true; changed; ) {
    changed = false;
    for (let j = 0; j < h - 1; j++) {
      for (let i = 0; i < w - 1; i++) {
        const a = on(i, j);
        const b = on(i + 1, j);
        const c = on(i, j + 1);
        const d = on(i + 1, j + 1);
        if (a && d && !b && !c) heights[j * w + i + 1] = level;
        else if (b && c && !a && !d) heights[j * w + i] = level;
        else continue;
        changed = true;
      }
    }
  }
}
