import type { TMesh } from './mesh.types';
import { MeshInvalidError, MeshTooLargeError, type TParseLimits } from './stl.parser';

/** `f` corners are `v`, `v/vt`, `v//vn` or `v/vt/vn`; negative indices count back from the end. */
function vertexIndex(token: string, vertexCount: number): number {
  const value = Number.parseInt(token.split('/')[0] ?? '', 10);
  if (!Number.isInteger(value) || value === 0) return -1;
  const index = value > 0 ? value - 1 : vertexCount + value;
  return index >= 0 && index < vertexCount ? index : -1;
}

/**
 * The geometry of a Wavefront OBJ file (`v` and `f` lines; polygons fanned
 * into triangles; everything else ignored). Axes are kept as they are, as
 * slicers read them (z up).
 */
export function parseObj(data: Buffer, limits: TParseLimits): TMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (const raw of data.toString('latin1').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('v ')) {
      const [, x, y, z] = line.split(/\s+/);
      const coords = [Number(x), Number(y), Number(z)];
      // A bad vertex still takes its number, so later faces keep pointing at the right ones.
      positions.push(...coords.map((c) => (Number.isFinite(c) ? c : 0)));
    } else if (line.startsWith('f ')) {
      const count = positions.length / 3;
      const corners = line
        .split(/\s+/)
        .slice(1)
        .map((token) => vertexIndex(token, count));
      if (corners.length < 3 || corners.some((i) => i < 0)) continue;
      const first = corners[0] ?? 0;
      for (let k = 1; k + 1 < corners.length; k++) {
        if (triangles.length / 3 >= limits.maxTriangles) {
          throw new MeshTooLargeError(limits.maxTriangles);
        }
        triangles.push(first, corners[k] ?? 0, corners[k + 1] ?? 0);
      }
    }
  }
  if (triangles.length === 0) throw new MeshInvalidError('no faces');
  return { positions, triangles };
}
