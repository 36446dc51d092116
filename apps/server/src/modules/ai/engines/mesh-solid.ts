import { AiEngineError } from '../ai-engine';
import { lockExtremes, SURFACE_TOLERANCE_MM, simplifyIndices } from './mesh-simplify';

/**
 * Closed triangle solids for the image-to-3D engines (DESIGN 5): an indexed
 * mesh in millimetres, z up, resting on z = 0 with its bounding box starting
 * at the origin. Every solid is built from a grid whose top and bottom
 * surfaces are joined by walls along the grid's rim, so every edge belongs
 * to exactly two triangles, and it is wound so its normals point outwards.
 */
export type TSolid = { positions: Float32Array; indices: Uint32Array };

/** A point of the grid in millimetres. */
export type TGridPoint = (i: number, j: number) => [number, number, number];

export type TGridSolidInput = {
  /** Samples across (i) and down (j); at least 3 each. */
  columns: number;
  rows: number;
  top: TGridPoint;
  bottom: TGridPoint;
  /**
   * The bottom is a plane: only its rim is kept and triangulated as strips
   * (a quarter of the triangles of a full grid for the same solid).
   */
  isBottomFlat: boolean;
};

/**
 * Top surface, bottom surface and rim walls of a grid. Cells are split
 * (a, c, b) and (b, c, d) on the top and the other way round on the bottom,
 * so the two surfaces face away from each other; the walls close the rim.
 */
export function gridSolid(input: TGridSolidInput): TSolid {
  return finishSolid(gridMesh(input));
}

/**
 * The grid solid with its flat and gently sloped regions merged (DESIGN 5:
 * files a slicer and a browser handle easily). meshoptimizer's simplifier
 * keeps a subset of the grid's points, so the simplified surface passes
 * through samples of the full one. Every sample of the top (and of a curved
 * bottom) is then measured against the simplified triangles that cover it in
 * the grid; samples more than SURFACE_TOLERANCE_MM away are kept as vertices
 * and the simplification run again, until none strays (at worst, the
 * full-detail solid). The vertices
 * that set the bounding box stay, so the size in millimetres is exact.
 * `progress` hears of the grid built and of each pass of the simplifier.
 */
export async function simplifiedGridSolid(
  input: TGridSolidInput,
  progress?: (fraction: number) => void,
): Promise<TSolid> {
  const mesh = gridMesh(input);
  progress?.(0.1);
  const { columns: w, rows: h } = input;
  const faces = input.isBottomFlat ? [0] : [0, w * h];
  const lock = lockExtremes(mesh.positions, mesh.indices);
  // The simplifier's error is an estimate: a few samples stray two or three times further.
  for (let attempt = 0; attempt < 5; attempt++) {
    const kept = await simplifyIndices({
      ...mesh,
      lock,
      targetErrorMm: SURFACE_TOLERANCE_MM * 0.4,
    });
    // The top, and a curved bottom too (a flat one is one plane, kept exactly).
    const strays = faces.map((first) =>
      faceStrays(mesh.positions, kept, w, h, first, SURFACE_TOLERANCE_MM),
    );
    // A pass done: most photos need one or two, so each closes half the distance left.
    progress?.(1 - 0.9 * 0.5 ** (attempt + 1));
    if (strays.some((face) => face === null)) break;
    if (strays.every((face) => face?.length === 0)) {
      return finishSolid({ positions: mesh.positions, indices: kept });
    }
    // The stray and its neighbours stay, so the next run does not move the error next door.
    for (const v of strays.flat() as number[]) {
      const first = v < w * h ? 0 : w * h;
      const [i, j] = [(v - first) % w, Math.floor((v - first) / w)];
      for (let y = Math.max(0, j - 1); y <= Math.min(h - 1, j + 1); y++) {
        for (let x = Math.max(0, i - 1); x <= Math.min(w - 1, i + 1); x++) {
          lock[first + y * w + x] = 1;
        }
      }
    }
  }
  return finishSolid(mesh);
}

/**
 * The samples of one face of the grid (its `w` × `h` vertices from `first`:
 * 0 the top, w·h the bottom) lying more than `toleranceMm` from the
 * simplified face: each sample is compared with the point at its grid
 * position on the simplified triangle that covers it (0 for a sample kept as
 * a vertex). On a flat relief that is the height difference, never less than
 * the distance to the surface; null when a sample is no longer covered.
 */
function faceStrays(
  positions: Float32Array,
  indices: Uint32Array,
  w: number,
  h: number,
  first: number,
  toleranceMm: number,
): number[] | null {
  const count = w * h;
  const onFace = (v: number) => v >= first && v < first + count;
  // Each sample's distance to the nearest covering triangle; a kept vertex lies on the surface.
  const nearest = new Float32Array(count).fill(Number.POSITIVE_INFINITY);
  for (const v of indices) if (onFace(v)) nearest[v - first] = 0;
  const p = positions;
  for (let k = 0; k < indices.length; k += 3) {
    const a = indices[k] as number;
    const b = indices[k + 1] as number;
    const c = indices[k + 2] as number;
    if (!onFace(a) || !onFace(b) || !onFace(c)) continue;
    const [ai, aj] = [(a - first) % w, ((a - first) / w) | 0];
    const [bi, bj] = [(b - first) % w, ((b - first) / w) | 0];
    const [ci, cj] = [(c - first) % w, ((c - first) / w) | 0];
    const area = (bi - ai) * (cj - aj) - (bj - aj) * (ci - ai);
    if (area === 0) continue;
    for (let j = Math.min(aj, bj, cj); j <= Math.max(aj, bj, cj); j++) {
      for (let i = Math.min(ai, bi, ci); i <= Math.max(ai, bi, ci); i++) {
        const la = ((bi - i) * (cj - j) - (bj - j) * (ci - i)) / area;
        const lb = ((ci - i) * (aj - j) - (cj - j) * (ai - i)) / area;
        const lc = 1 - la - lb;
        if (la < -1e-9 || lb < -1e-9 || lc < -1e-9) continue;
        const v = first + j * w + i;
        let d2 = 0;
        for (let axis = 0; axis < 3; axis++) {
          const on =
            la * (p[a * 3 + axis] as number) +
            lb * (p[b * 3 + axis] as number) +
            lc * (p[c * 3 + axis] as number);
          d2 += ((p[v * 3 + axis] as number) - on) ** 2;
        }
        const d = Math.sqrt(d2);
        if (d < (nearest[v - first] as number)) nearest[v - first] = d;
      }
    }
  }
  const strays: number[] = [];
  for (let v = 0; v < count; v++) {
    const d = nearest[v] as number;
    if (d === Number.POSITIVE_INFINITY) return null;
    if (d > toleranceMm) strays.push(first + v);
  }
  return strays;
}

/** The grid solid's triangles on the full vertex buffer (top samples first, in grid order). */
function gridMesh({ columns: w, rows: h, top, bottom, isBottomFlat }: TGridSolidInput): TSolid {
  if (w < 3 || h < 3) throw new AiEngineError('badParameters', 'The picture is too small.');
  const count = w * h;
  const positions = new Float32Array(count * 2 * 3);
  for (let j = 0; j < h; j++) {
    for (let i = 0; i < w; i++) {
      const p = (j * w + i) * 3;
      positions.set(top(i, j), p);
      const onRim = i === 0 || j === 0 || i === w - 1 || j === h - 1;
      if (!isBottomFlat || onRim) positions.set(bottom(i, j), count * 3 + p);
    }
  }
  const cells = (w - 1) * (h - 1);
  const rim = 2 * (w - 1) + 2 * (h - 1);
  const bottomTriangles = isBottomFlat ? 2 * (w - 3) + 2 * h : 2 * cells;
  const indices = new Uint32Array((2 * cells + bottomTriangles + 2 * rim) * 3);
  let n = 0;
  const add = (a: number, b: number, c: number) => {
    indices[n++] = a;
    indices[n++] = b;
    indices[n++] = c;
  };
  const T = (i: number, j: number) => j * w + i;
  const B = (i: number, j: number) => count + j * w + i;
  for (let j = 0; j < h - 1; j++) {
    for (let i = 0; i < w - 1; i++) {
      add(T(i, j), T(i, j + 1), T(i + 1, j));
      add(T(i + 1, j), T(i, j + 1), T(i + 1, j + 1));
    }
  }
  if (isBottomFlat) {
    const last = h - 1;
    // Left strip: a fan from (1, 0) over the left column, closed by (1, last).
    for (let j = 0; j < last; j++) add(B(1, 0), B(0, j + 1), B(0, j));
    add(B(1, 0), B(1, last), B(0, last));
    // Middle: one long quad per column between the first and the last row.
    for (let i = 1; i < w - 2; i++) {
      add(B(i, 0), B(i + 1, 0), B(i, last));
      add(B(i + 1, 0), B(i + 1, last), B(i, last));
    }
    // Right strip: a fan from (w-2, 0) over the right column.
    for (let j = 0; j < last; j++) add(B(w - 2, 0), B(w - 1, j), B(w - 1, j + 1));
    add(B(w - 2, 0), B(w - 1, last), B(w - 2, last));
  } else {
    for (let j = 0; j < h - 1; j++) {
      for (let i = 0; i < w - 1; i++) {
        add(B(i, j), B(i + 1, j), B(i, j + 1));
        add(B(i + 1, j), B(i + 1, j + 1), B(i, j + 1));
      }
    }
  }
  // Rim walls, walking the rim once round: first row, last column, last row, first column.
  const ring: [number, number][] = [];
  for (let i = 0; i < w - 1; i++) ring.push([i, 0]);
  for (let j = 0; j < h - 1; j++) ring.push([w - 1, j]);
  for (let i = w - 1; i > 0; i--) ring.push([i, h - 1]);
  for (let j = h - 1; j > 0; j--) ring.push([0, j]);
  for (let k = 0; k < ring.length; k++) {
    const [pi, pj] = ring[k] as [number, number];
    const [qi, qj] = ring[(k + 1) % ring.length] as [number, number];
    add(T(pi, pj), T(qi, qj), B(qi, qj));
    add(T(pi, pj), B(qi, qj), B(pi, pj));
  }
  return { positions, indices: n === indices.length ? indices : indices.slice(0, n) };
}

/** Six times the signed volume of the solid (positive when wound outwards). */
function signedVolume6({ positions: p, indices: t }: TSolid): number {
  let sum = 0;
  for (let k = 0; k < t.length; k += 3) {
    const a = (t[k] as number) * 3;
    const b = (t[k + 1] as number) * 3;
    const c = (t[k + 2] as number) * 3;
    const ax = p[a] as number;
    const ay = p[a + 1] as number;
    const az = p[a + 2] as number;
    const bx = p[b] as number;
    const by = p[b + 1] as number;
    const bz = p[b + 2] as number;
    const cx = p[c] as number;
    const cy = p[c + 1] as number;
    const cz = p[c + 2] as number;
    sum += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return sum;
}

/**
 * Drops vertices no triangle uses, winds the solid outwards (a mirrored
 * mapping such as the curved lithophane's turns a grid inside out) and moves
 * it so its bounding box starts at the origin.
 */
export function finishSolid({ positions, indices }: TSolid): TSolid {
  const used = new Int32Array(positions.length / 3).fill(-1);
  let next = 0;
  for (const index of indices) if (used[index] === -1) used[index] = next++;
  const compact = new Float32Array(next * 3);
  const min = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let v = 0; v < used.length; v++) {
    const to = used[v] as number;
    if (to < 0) continue;
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[v * 3 + axis] as number;
      compact[to * 3 + axis] = value;
      if (value < (min[axis] as number)) min[axis] = value;
    }
  }
  for (let k = 0; k < compact.length; k++)
    compact[k] = (compact[k] as number) - (min[k % 3] as number);
  const remapped = new Uint32Array(indices.length);
  for (let k = 0; k < indices.length; k++) remapped[k] = used[indices[k] as number] as number;
  const solid = { positions: compact, indices: remapped };
  if (signedVolume6(solid) < 0) {
    for (let k = 0; k < remapped.length; k += 3) {
      const b = remapped[k + 1] as number;
      remapped[k + 1] = remapped[k + 2] as number;
      remapped[k + 2] = b;
    }
  }
  return solid;
}

/** Bounding box size in millimetres. */
export function solidSize({ positions }: TSolid): [number, number, number] {
  const max = [0, 0, 0];
  for (let k = 0; k < positions.length; k++) {
    const axis = k % 3;
    if ((positions[k] as number) > (max[axis] as number)) max[axis] = positions[k] as number;
  }
  return max as [number, number, number];
}
