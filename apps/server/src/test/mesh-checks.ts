/**
 * Checks of the meshes the image-to-3D engines write, read back from the
 * files themselves: STL corners welded by exact coordinates, 3MF vertices.
 */
export type TIndexedMesh = { positions: number[]; indices: number[] };

/** Binary STL to an indexed mesh (corners with identical coordinates are one vertex). */
export function readBinaryStl(data: Buffer): TIndexedMesh {
  const count = data.readUInt32LE(80);
  if (data.length !== 84 + count * 50) throw new Error('STL size does not match its count');
  const ids = new Map<string, number>();
  const positions: number[] = [];
  const indices: number[] = [];
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const o = 84 + t * 50 + 12 + k * 12;
      const xyz = [data.readFloatLE(o), data.readFloatLE(o + 4), data.readFloatLE(o + 8)];
      const key = xyz.join(',');
      let id = ids.get(key);
      if (id === undefined) {
        id = positions.length / 3;
        ids.set(key, id);
        positions.push(...xyz);
      }
      indices.push(id);
    }
  }
  return { positions, indices };
}

/** The 3MF model's vertices and triangles. */
export function read3mfModel(xml: string): TIndexedMesh {
  const positions: number[] = [];
  for (const match of xml.matchAll(/<vertex x="([^"]+)" y="([^"]+)" z="([^"]+)"\/>/g)) {
    positions.push(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const indices: number[] = [];
  for (const match of xml.matchAll(/<triangle v1="(\d+)" v2="(\d+)" v3="(\d+)"\/>/g)) {
    indices.push(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  return { positions, indices };
}

export type TMeshReport = {
  triangles: number;
  /** Edges not shared by exactly one triangle each way (0 = closed and consistently wound). */
  badEdges: number;
  degenerate: number;
  volume: number;
  size: [number, number, number];
};

export function inspectMesh({ positions: p, indices: t }: TIndexedMesh): TMeshReport {
  const directed = new Map<string, number>();
  const coord = (vertex: number, axis: number) => p[vertex * 3 + axis] ?? Number.NaN;
  let degenerate = 0;
  let volume = 0;
  for (let k = 0; k < t.length; k += 3) {
    const a = t[k] ?? 0;
    const b = t[k + 1] ?? 0;
    const c = t[k + 2] ?? 0;
    for (const [from, to] of [
      [a, b],
      [b, c],
      [c, a],
    ] as const) {
      const key = `${from}>${to}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
    const [ax, ay, az] = [coord(a, 0), coord(a, 1), coord(a, 2)];
    const [bx, by, bz] = [coord(b, 0), coord(b, 1), coord(b, 2)];
    const [cx, cy, cz] = [coord(c, 0), coord(c, 1), coord(c, 2)];
    const [ux, uy, uz] = [bx - ax, by - ay, bz - az];
    const [vx, vy, vz] = [cx - ax, cy - ay, cz - az];
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    if (!(area > 1e-9)) degenerate++;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
  }
  let badEdges = 0;
  for (const [key, count] of directed) {
    const [from, to] = key.split('>');
    if (count !== 1 || directed.get(`${to}>${from}`) !== 1) badEdges++;
  }
  const size: [number, number, number] = [0, 0, 0];
  for (let axis = 0; axis < 3; axis++) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let v = 0; v < p.length / 3; v++) {
      min = Math.min(min, coord(v, axis));
      max = Math.max(max, coord(v, axis));
    }
    size[axis] = max - min;
  }
  return { triangles: t.length / 3, badEdges, degenerate, volume, size };
}

/** Separate bodies: triangles joined through shared (welded) vertices, counted by union-find. */
export function countBodies({ positions, indices: t }: TIndexedMesh): number {
  const parent = Int32Array.from({ length: positions.length / 3 }, (_, v) => v);
  const root = (v: number): number => {
    let r = v;
    while (parent[r] !== r) r = parent[r] as number;
    for (let x = v; parent[x] !== r; ) {
      const next = parent[x] as number;
      parent[x] = r;
      x = next;
    }
    return r;
  };
  for (let k = 0; k < t.length; k += 3) {
    const a = root(t[k] as number);
    parent[root(t[k + 1] as number)] = a;
    parent[root(t[k + 2] as number)] = a;
  }
  const roots = new Set<number>();
  for (const v of t) roots.add(root(v));
  return roots.size;
}

/** Area, seen from above, of the upward-facing triangles lying flat at height `z` (± 1 µm). */
export function flatAreaAt({ positions: p, indices: t }: TIndexedMesh, z: number): number {
  let area = 0;
  for (let k = 0; k < t.length; k += 3) {
    const [a, b, c] = [(t[k] as number) * 3, (t[k + 1] as number) * 3, (t[k + 2] as number) * 3];
    if ([a, b, c].some((v) => Math.abs((p[v + 2] as number) - z) > 1e-3)) continue;
    const cross =
      ((p[b] as number) - (p[a] as number)) * ((p[c + 1] as number) - (p[a + 1] as number)) -
      ((p[b + 1] as number) - (p[a + 1] as number)) * ((p[c] as number) - (p[a] as number));
    if (cross > 0) area += cross / 2;
  }
  return area;
}

/**
 * Height of the mesh's upper surface above each (x, y): the highest upward
 * triangle over the point, interpolated (NaN where there is none). Triangles
 * are bucketed by their footprint on a coarse grid so large meshes stay quick.
 */
export function topHeightsAt(
  { positions: p, indices: t }: TIndexedMesh,
  points: [number, number][],
) {
  const cell = 2;
  const buckets = new Map<string, number[]>();
  for (let k = 0; k < t.length; k += 3) {
    const v = [(t[k] as number) * 3, (t[k + 1] as number) * 3, (t[k + 2] as number) * 3];
    const xs = v.map((i) => p[i] as number);
    const ys = v.map((i) => p[i + 1] as number);
    for (
      let bx = Math.floor(Math.min(...xs) / cell);
      bx <= Math.floor(Math.max(...xs) / cell);
      bx++
    ) {
      for (
        let by = Math.floor(Math.min(...ys) / cell);
        by <= Math.floor(Math.max(...ys) / cell);
        by++
      ) {
        const list = buckets.get(`${bx},${by}`) ?? [];
        list.push(k);
        buckets.set(`${bx},${by}`, list);
      }
    }
  }
  return points.map(([x, y]) => {
    let best = Number.NaN;
    for (const k of buckets.get(`${Math.floor(x / cell)},${Math.floor(y / cell)}`) ?? []) {
      const [a, b, c] = [(t[k] as number) * 3, (t[k + 1] as number) * 3, (t[k + 2] as number) * 3];
      const area =
        ((p[b] as number) - (p[a] as number)) * ((p[c + 1] as number) - (p[a + 1] as number)) -
        ((p[b + 1] as number) - (p[a + 1] as number)) * ((p[c] as number) - (p[a] as number));
      if (area <= 1e-12) continue;
      const w = (i: number, j: number) =>
        (((p[j] as number) - x) * ((p[i + 1] as number) - y) -
          ((p[j + 1] as number) - y) * ((p[i] as number) - x)) /
        area;
      const la = w(c, b);
      const lb = w(a, c);
      const lc = 1 - la - lb;
      if (la < -1e-6 || lb < -1e-6 || lc < -1e-6) continue;
      const z = la * (p[a + 2] as number) + lb * (p[b + 2] as number) + lc * (p[c + 2] as number);
      if (!(z <= best)) best = z;
    }
    return best;
  });
}
