import type { TMesh } from '../../lib/render/mesh.types';

/**
 * Indexed triangle meshes built from stacked loops. Every solid here is made
 * from rings of points joined by quad strips and closed by caps, apexes or by
 * wrapping round (a torus-like ring), so each edge is shared by exactly two
 * triangles by construction and slicers accept the STL without repair.
 */
export type TVec3 = readonly [number, number, number];
export type TVec2 = readonly [number, number];

export type { TMesh } from '../../lib/render/mesh.types';

/** How the first and last loop of a loft are closed. */
export type TLoftEnd = 'cap' | TVec3;

export function signedVolume(mesh: TMesh): number {
  const p = mesh.positions;
  let volume = 0;
  for (let t = 0; t < mesh.triangles.length; t += 3) {
    const a = (mesh.triangles[t] ?? 0) * 3;
    const b = (mesh.triangles[t + 1] ?? 0) * 3;
    const c = (mesh.triangles[t + 2] ?? 0) * 3;
    const [ax, ay, az] = [p[a] ?? 0, p[a + 1] ?? 0, p[a + 2] ?? 0];
    const [bx, by, bz] = [p[b] ?? 0, p[b + 1] ?? 0, p[b + 2] ?? 0];
    const [cx, cy, cz] = [p[c] ?? 0, p[c + 1] ?? 0, p[c + 2] ?? 0];
    volume += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return volume / 6;
}

/**
 * Construction only guarantees consistent winding; the sign of the enclosed
 * volume tells whether that winding points outwards, so flip when negative.
 */
export function orient(mesh: TMesh): TMesh {
  if (signedVolume(mesh) >= 0) return mesh;
  const triangles = mesh.triangles.slice();
  for (let t = 0; t < triangles.length; t += 3) {
    const b = triangles[t + 1] ?? 0;
    triangles[t + 1] = triangles[t + 2] ?? 0;
    triangles[t + 2] = b;
  }
  return { positions: mesh.positions, triangles };
}

function signedArea(points: readonly TVec2[]): number {
  let area = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i] ?? [0, 0];
    const [x2, y2] = points[(i + 1) % points.length] ?? [0, 0];
    area += x1 * y2 - x2 * y1;
  }
  return area / 2;
}

function insideTriangle(p: TVec2, a: TVec2, b: TVec2, c: TVec2): boolean {
  const cross = (o: TVec2, u: TVec2, v: TVec2) =>
    (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0]);
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

/**
 * Ear clipping of a simple polygon (convex or not). Returns index triples in
 * counter-clockwise order. Profiles must not hold collinear neighbours: a
 * zero-area ear would give a degenerate facet.
 */
export function triangulatePolygon(points: readonly TVec2[]): [number, number, number][] {
  const ccw = signedArea(points) > 0;
  const ring = points.map((_, i) => i);
  if (!ccw) ring.reverse();
  const at = (i: number): TVec2 => points[i] ?? [0, 0];
  const out: [number, number, number][] = [];
  let guard = 0;
  while (ring.length > 3) {
    if (guard++ > points.length * points.length) throw new Error('polygon is not simple');
    let clipped = false;
    for (let k = 0; k < ring.length; k++) {
      const ia = ring[(k + ring.length - 1) % ring.length] ?? 0;
      const ib = ring[k] ?? 0;
      const ic = ring[(k + 1) % ring.length] ?? 0;
      const [a, b, c] = [at(ia), at(ib), at(ic)];
      const turn = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
      if (turn <= 1e-9) continue;
      const blocked = ring.some(
        (j) => j !== ia && j !== ib && j !== ic && insideTriangle(at(j), a, b, c),
      );
      if (blocked) continue;
      out.push([ia, ib, ic]);
      ring.splice(k, 1);
      clipped = true;
      break;
    }
    if (!clipped) throw new Error('no ear found; polygon has collinear or crossing edges');
  }
  const [a, b, c] = ring as [number, number, number];
  out.push([a, b, c]);
  return out;
}

/** The vertex centroid when every edge sees it on its inner side (star-shaped cap). */
function starCentre(points: readonly TVec2[], ccw: boolean): TVec2 | undefined {
  const cx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
  const cy = points.reduce((sum, p) => sum + p[1], 0) / points.length;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i] ?? [0, 0];
    const [x2, y2] = points[(i + 1) % points.length] ?? [0, 0];
    const turn = (x2 - x1) * (cy - y1) - (y2 - y1) * (cx - x1);
    if (ccw ? turn <= 1e-6 : turn >= -1e-6) return undefined;
  }
  return [cx, cy];
}

/**
 * Joins loops of equal length with quad strips. `cyclic` also joins the last
 * loop back to the first (rings, gears with a bore); otherwise both ends are
 * closed by a flat cap (loop must be planar in z) or a fan to an apex point.
 */
export function loft(
  loops: readonly (readonly TVec3[])[],
  ends: { cyclic: true } | { start: TLoftEnd; end: TLoftEnd },
): TMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  const size = loops[0]?.length ?? 0;
  if (size < 3 || loops.some((l) => l.length !== size)) throw new Error('loops differ in size');
  for (const loop of loops) for (const [x, y, z] of loop) positions.push(x, y, z);
  const index = (l: number, i: number) => l * size + (i % size);
  const strip = (la: number, lb: number) => {
    for (let i = 0; i < size; i++) {
      const [a, b, c, d] = [index(la, i), index(la, i + 1), index(lb, i + 1), index(lb, i)];
      triangles.push(a, b, c, a, c, d);
    }
  };
  for (let l = 0; l + 1 < loops.length; l++) strip(l, l + 1);
  if ('cyclic' in ends) {
    strip(loops.length - 1, 0);
    return orient({ positions, triangles });
  }
  // The strip walks loop 0 forwards, so its closing face must walk it backwards.
  const close = (l: number, end: TLoftEnd, forward: boolean) => {
    const loop = loops[l] ?? [];
    if (end === 'cap') {
      const flat = loop.map(([x, y]) => [x, y] as const);
      const ccw = signedArea(flat) > 0;
      const centre = starCentre(flat, ccw);
      if (centre) {
        // A fan from the centre avoids the long slivers ear clipping leaves on round caps.
        const hub = positions.length / 3;
        positions.push(centre[0], centre[1], loop[0]?.[2] ?? 0);
        for (let i = 0; i < size; i++) {
          if (ccw === forward) triangles.push(index(l, i), index(l, i + 1), hub);
          else triangles.push(index(l, i + 1), index(l, i), hub);
        }
        return;
      }
      for (const [a, b, c] of triangulatePolygon(flat)) {
        const tri = [index(l, a), index(l, b), index(l, c)];
        if (ccw === forward) triangles.push(tri[0] ?? 0, tri[1] ?? 0, tri[2] ?? 0);
        else triangles.push(tri[0] ?? 0, tri[2] ?? 0, tri[1] ?? 0);
      }
      return;
    }
    const apex = positions.length / 3;
    positions.push(end[0], end[1], end[2]);
    for (let i = 0; i < size; i++) {
      if (forward) triangles.push(index(l, i), index(l, i + 1), apex);
      else triangles.push(index(l, i + 1), index(l, i), apex);
    }
  };
  close(0, ends.start, false);
  close(loops.length - 1, ends.end, true);
  return orient({ positions, triangles });
}

/** Applies a point map; mirroring maps flip winding, so re-orient afterwards. */
export function transformMesh(mesh: TMesh, map: (p: TVec3) => TVec3): TMesh {
  const positions: number[] = [];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const [x, y, z] = map([
      mesh.positions[i] ?? 0,
      mesh.positions[i + 1] ?? 0,
      mesh.positions[i + 2] ?? 0,
    ]);
    positions.push(x, y, z);
  }
  return orient({ positions, triangles: mesh.triangles });
}

export const translate = (mesh: TMesh, dx: number, dy: number, dz: number): TMesh =>
  transformMesh(mesh, ([x, y, z]) => [x + dx, y + dy, z + dz]);

/** Disjoint shells in one file (gear sets, print-in-place chains). */
export function mergeMeshes(meshes: readonly TMesh[]): TMesh {
  const positions: number[] = [];
  const triangles: number[] = [];
  for (const mesh of meshes) {
    const base = positions.length / 3;
    positions.push(...mesh.positions);
    for (const t of mesh.triangles) triangles.push(t + base);
  }
  return { positions, triangles };
}

export function bounds(mesh: TMesh): { min: TVec3; max: TVec3 } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i++) {
    const v = mesh.positions[i] ?? 0;
    const axis = i % 3;
    min[axis] = Math.min(min[axis] ?? v, v);
    max[axis] = Math.max(max[axis] ?? v, v);
  }
  return { min: min as unknown as TVec3, max: max as unknown as TVec3 };
}

/** Moves a mesh so it rests on the bed (z = 0), centred on the origin. */
export function placeOnBed(mesh: TMesh): TMesh {
  const { min, max } = bounds(mesh);
  return translate(mesh, -(min[0] + max[0]) / 2, -(min[1] + max[1]) / 2, -min[2]);
}
