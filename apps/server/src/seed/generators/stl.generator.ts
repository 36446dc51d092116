import type { TMesh } from './mesh.builder';

const HEADER_BYTES = 80;
const FACET_BYTES = 50;

/**
 * Binary STL: 80-byte header, uint32 facet count, then per facet a unit
 * normal, three vertices (float32 LE, millimetres) and a zero attribute word.
 * The header must not start with "solid", or some readers take it for ASCII.
 */
export function encodeBinaryStl(mesh: TMesh, label: string): Buffer {
  const count = mesh.triangles.length / 3;
  const out = Buffer.alloc(HEADER_BYTES + 4 + FACET_BYTES * count);
  out.write(`Layerline binary STL: ${label}`.slice(0, HEADER_BYTES), 0, 'ascii');
  out.writeUInt32LE(count, HEADER_BYTES);
  const p = mesh.positions;
  const vertex = (i: number) => {
    const k = i * 3;
    // Round through float32 first so the normal matches the stored vertices.
    return [Math.fround(p[k] ?? 0), Math.fround(p[k + 1] ?? 0), Math.fround(p[k + 2] ?? 0)];
  };
  let offset = HEADER_BYTES + 4;
  for (let t = 0; t < count; t++) {
    const a = vertex(mesh.triangles[t * 3] ?? 0);
    const b = vertex(mesh.triangles[t * 3 + 1] ?? 0);
    const c = vertex(mesh.triangles[t * 3 + 2] ?? 0);
    const [ax, ay, az] = a as [number, number, number];
    const [bx, by, bz] = b as [number, number, number];
    const [cx, cy, cz] = c as [number, number, number];
    const [ux, uy, uz] = [bx - ax, by - ay, bz - az];
    const [vx, vy, vz] = [cx - ax, cy - ay, cz - az];
    const [nx, ny, nz] = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    const length = Math.hypot(nx, ny, nz);
    if (!(length > 0)) throw new Error(`degenerate facet ${t} in ${label}`);
    for (const value of [nx / length, ny / length, nz / length, ...a, ...b, ...c]) {
      out.writeFloatLE(value, offset);
      offset += 4;
    }
    out.writeUInt16LE(0, offset);
    offset += 2;
  }
  return out;
}
