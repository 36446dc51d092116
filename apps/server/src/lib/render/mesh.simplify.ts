import type { TMesh } from './mesh.types';

/**
 * Vertex clustering on a `grid`-cell lattice over the bounding box: vertices
 * in one cell merge into their mean, triangles that collapse are dropped.
 * Crude, but linear in the mesh size and invisible at preview resolution.
 */
export function clusterVertices(mesh: TMesh, grid: number): TMesh {
  const p = mesh.positions;
  const vertices = Math.floor(p.length / 3);
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < vertices * 3; i++) {
    const axis = i % 3;
    const v = p[i] ?? 0;
    if (v < (min[axis] ?? 0)) min[axis] = v;
    if (v > (max[axis] ?? 0)) max[axis] = v;
  }
  const [x0 = 0, y0 = 0, z0 = 0] = min;
  const size = Math.max(...max.map((m, axis) => m - (min[axis] ?? 0))) || 1;
  const perCell = grid / size;
  const cellAt = (v: number, origin: number) =>
    Math.min(grid - 1, Math.floor((v - origin) * perCell));
  const remap = new Map<number, number>();
  const sums = new Float64Array(vertices * 3);
  const counts = new Uint32Array(vertices);
  const index = new Int32Array(vertices);
  let merged = 0;
  for (let i = 0; i < vertices; i++) {
    const [x = 0, y = 0, z = 0] = [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]];
    const key = cellAt(x, x0) + (cellAt(y, y0) + cellAt(z, z0) * grid) * grid;
    let target = remap.get(key);
    if (target === undefined) {
      target = merged++;
      remap.set(key, target);
    }
    index[i] = target;
    sums[target * 3] = (sums[target * 3] ?? 0) + x;
    sums[target * 3 + 1] = (sums[target * 3 + 1] ?? 0) + y;
    sums[target * 3 + 2] = (sums[target * 3 + 2] ?? 0) + z;
    counts[target] = (counts[target] ?? 0) + 1;
  }
  const positions = new Array<number>(merged * 3);
  for (let k = 0; k < merged * 3; k++) positions[k] = (sums[k] ?? 0) / (counts[(k / 3) | 0] || 1);
  const triangles: number[] = [];
  for (let t = 0; t + 2 < mesh.triangles.length; t += 3) {
    const a = index[mesh.triangles[t] ?? 0] ?? 0;
    const b = index[mesh.triangles[t + 1] ?? 0] ?? 0;
    const c = index[mesh.triangles[t + 2] ?? 0] ?? 0;
    if (a !== b && b !== c && c !== a) triangles.push(a, b, c);
  }
  return { positions, triangles };
}

/**
 * At most `maxTriangles` (the mesh itself when it fits). A closed surface
 * clustered on a G-cell grid keeps some 2 to 12 G² triangles, so the first
 * grid is sqrt(max / 2) and each retry is a quarter coarser.
 */
export function simplifyMesh(mesh: TMesh, maxTriangles: number): TMesh {
  let current = mesh;
  let grid = Math.max(8, Math.floor(Math.sqrt(maxTriangles / 2)));
  while (current.triangles.length / 3 > maxTriangles && grid >= 8) {
    current = clusterVertices(mesh, grid);
    grid = Math.floor(grid * 0.75);
  }
  return current;
}
