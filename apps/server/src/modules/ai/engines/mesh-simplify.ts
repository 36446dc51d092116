import { MeshoptSimplifier } from 'meshoptimizer';
import { finishSolid, type TSolid } from './mesh-solid';

/**
 * Mesh simplification for the image-to-3D engines (DESIGN 5): meshoptimizer's
 * edge-collapse simplifier (WASM, in the package) merges the triangles of flat
 * and gently sloped regions, keeping a subset of the original vertices and the
 * mesh closed. Files shrink several times over without a visible change.
 */

/** How far a simplified surface may stray from the full-detail one (DESIGN 5). */
export const SURFACE_TOLERANCE_MM = 0.05;

/**
 * Flat regions only: collapses that move the surface by less than a micrometre,
 * for solids whose every face is a plane (the cookie cutter's columns).
 */
const PLANAR_TOLERANCE_MM = 0.001;

type TSimplifyInput = TSolid & {
  /** Vertices that must stay (1), such as the ones that set the bounding box. */
  lock?: Uint8Array;
  /** Largest collapse error in millimetres the simplifier may accept. */
  targetErrorMm: number;
};

/**
 * The triangles kept by the simplifier, on the same vertex buffer, closed
 * (every edge met once each way) with no sliver left. Collapses across a
 * thin wall or a gently curved face can pinch the surface: four triangles on
 * one edge, which a slicer reads as non-manifold. The vertices round such an
 * edge then stay, and the simplification is run again; where a sliver cannot
 * be flipped away, it is run ten times finer; at worst the triangles are
 * returned as they came.
 */
export async function simplifyIndices({
  positions,
  indices,
  lock,
  targetErrorMm,
}: TSimplifyInput): Promise<Uint32Array> {
  await MeshoptSimplifier.ready;
  const locked = lock ? Uint8Array.from(lock) : new Uint8Array(positions.length / 3);
  for (let error = targetErrorMm, attempt = 0; attempt < 6; attempt++) {
    const [simplified] = MeshoptSimplifier.simplifyWithAttributes(
      indices,
      positions,
      3,
      new Float32Array(0),
      0,
      [],
      locked,
      0,
      error,
      ['ErrorAbsolute'],
    );
    // Most runs leave no sliver: the edge map for flipping is built only when one is left.
    const kept =
      countSlivers(positions, simplified) === 0 ? simplified : flipSlivers(positions, simplified);
    if (countSlivers(positions, kept) > 0) {
      error /= 10;
      continue;
    }
    const pinched = pinchedVertices(kept, positions.length / 3);
    if (pinched.size === 0) return kept;
    // Every full-detail triangle at a pinched vertex keeps its corners: nothing collapses into it.
    for (let k = 0; k < indices.length; k += 3) {
      const corners = indices.subarray(k, k + 3);
      if (corners.some((v) => pinched.has(v))) for (const v of corners) locked[v] = 1;
    }
  }
  return indices;
}

/**
 * The corners of every edge not met exactly once each way (an open or a
 * pinched edge): directed edges and their reverses, sorted, must match.
 */
function pinchedVertices(t: Uint32Array, vertices: number): Set<number> {
  const edges = new Float64Array(t.length);
  const reversed = new Float64Array(t.length);
  for (let k = 0; k < t.length; k += 3) {
    for (let e = 0; e < 3; e++) {
      const [a, b] = [t[k + e] as number, t[k + ((e + 1) % 3)] as number];
      edges[k + e] = a * vertices + b;
      reversed[k + e] = b * vertices + a;
    }
  }
  edges.sort();
  reversed.sort();
  const pinched = new Set<number>();
  const mark = (edge: number) => {
    pinched.add(Math.floor(edge / vertices));
    pinched.add(edge % vertices);
  };
  for (let i = 0, j = 0; i < edges.length || j < reversed.length; ) {
    const edge = edges[i] ?? Number.POSITIVE_INFINITY;
    const back = reversed[j] ?? Number.POSITIVE_INFINITY;
    if (edge === edges[i + 1]) mark(edge);
    if (edge === back) {
      i++;
      j++;
    } else if (edge < back) {
      mark(edge);
      i++;
    } else {
      mark(back);
      j++;
    }
  }
  return pinched;
}

/** Area, in mm², below which a triangle counts as a sliver (three points in a line). */
const SLIVER_MM2 = 1e-6;

/** Triangles whose area is under SLIVER_MM2. */
function countSlivers(p: Float32Array, t: Uint32Array): number {
  let slivers = 0;
  for (let k = 0; k < t.length; k += 3) {
    if (twiceArea(p, t[k] as number, t[k + 1] as number, t[k + 2] as number) <= 2 * SLIVER_MM2) {
      slivers++;
    }
  }
  return slivers;
}

function twiceArea(p: Float32Array, a: number, b: number, c: number): number {
  const ux = (p[b * 3] as number) - (p[a * 3] as number);
  const uy = (p[b * 3 + 1] as number) - (p[a * 3 + 1] as number);
  const uz = (p[b * 3 + 2] as number) - (p[a * 3 + 2] as number);
  const vx = (p[c * 3] as number) - (p[a * 3] as number);
  const vy = (p[c * 3 + 1] as number) - (p[a * 3 + 1] as number);
  const vz = (p[c * 3 + 2] as number) - (p[a * 3 + 2] as number);
  return Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}

/**
 * Collapses along a straight crease can leave a triangle whose corners lie in
 * a line: a slicer reads it as a hole. Each such triangle (a, b, c), with c on
 * its longest edge ab, is merged with the triangle (b, a, d) across that edge
 * and the pair split at c: (a, d, c) and (d, b, c). The surface and its edges'
 * pairing are unchanged; c simply becomes a corner of the neighbour.
 */
function flipSlivers(p: Float32Array, indices: Uint32Array): Uint32Array {
  const t = Uint32Array.from(indices);
  const key = (a: number, b: number) => a * 4294967296 + b;
  const owner = new Map<number, number>();
  const own = (k: number) => {
    for (let e = 0; e < 3; e++)
      owner.set(key(t[k + e] as number, t[k + ((e + 1) % 3)] as number), k);
  };
  const area2 = (a: number, b: number, c: number) => twiceArea(p, a, b, c);
  const length2 = (a: number, b: number) =>
    ((p[a * 3] as number) - (p[b * 3] as number)) ** 2 +
    ((p[a * 3 + 1] as number) - (p[b * 3 + 1] as number)) ** 2 +
    ((p[a * 3 + 2] as number) - (p[b * 3 + 2] as number)) ** 2;
  for (let k = 0; k < t.length; k += 3) own(k);
  for (let pass = 0, flipped = true; flipped && pass < 8; pass++) {
    flipped = false;
    for (let k = 0; k < t.length; k += 3) {
      const corners = [t[k], t[k + 1], t[k + 2]] as [number, number, number];
      if (area2(...corners) > 2 * SLIVER_MM2) continue;
      // Rotate so that (a, b) is the longest edge and c the point on it.
      let e = 0;
      let longest = -1;
      for (let i = 0; i < 3; i++) {
        const l = length2(corners[i] as number, corners[(i + 1) % 3] as number);
        if (l > longest) [longest, e] = [l, i];
      }
      const a = corners[e] as number;
      const b = corners[(e + 1) % 3] as number;
      const c = corners[(e + 2) % 3] as number;
      const m = owner.get(key(b, a));
      if (m === undefined) continue;
      const across = [t[m], t[m + 1], t[m + 2]] as [number, number, number];
      const d = across.find((v) => v !== a && v !== b) as number;
      if (area2(a, d, c) <= 2 * SLIVER_MM2 || area2(d, b, c) <= 2 * SLIVER_MM2) continue;
      for (const q of [k, m]) {
        for (let i = 0; i < 3; i++)
          owner.delete(key(t[q + i] as number, t[q + ((i + 1) % 3)] as number));
      }
      t.set([a, d, c], k);
      t.set([d, b, c], m);
      own(k);
      own(m);
      flipped = true;
    }
  }
  return t;
}

/** One vertex per axis end (min and max of x, y, z), so the bounding box survives exactly. */
export function lockExtremes(positions: Float32Array, indices: Uint32Array): Uint8Array {
  const count = positions.length / 3;
  const lock = new Uint8Array(count);
  const low = [-1, -1, -1];
  const high = [-1, -1, -1];
  const used = new Uint8Array(count);
  for (const v of indices) used[v] = 1;
  for (let v = 0; v < count; v++) {
    if (!used[v]) continue;
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[v * 3 + axis] as number;
      const l = low[axis] as number;
      const h = high[axis] as number;
      if (l < 0 || value < (positions[l * 3 + axis] as number)) low[axis] = v;
      if (h < 0 || value > (positions[h * 3 + axis] as number)) high[axis] = v;
    }
  }
  for (const v of [...low, ...high]) if (v >= 0) lock[v] = 1;
  return lock;
}

/**
 * A solid whose faces are all planes (the cookie cutter's columns) with the
 * triangles of each plane merged: collapses that move nothing by more than
 * PLANAR_TOLERANCE_MM, the bounding box kept.
 */
export async function simplifyPlanar(solid: TSolid): Promise<TSolid> {
  const kept = await simplifyIndices({
    ...solid,
    lock: lockExtremes(solid.positions, solid.indices),
    targetErrorMm: PLANAR_TOLERANCE_MM,
  });
  return finishSolid({ positions: solid.positions, indices: kept });
}
