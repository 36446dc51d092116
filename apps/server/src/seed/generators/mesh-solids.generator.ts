import { loft, orient, type TMesh, type TVec3 } from './mesh.builder';
import { at, roundedRegular } from './mesh-shapes.generator';
import type { TRandom } from './prng.util';

/** Convex solid from vertices and faces; each face is wound outwards on its own. */
export function convexSolid(vertices: readonly TVec3[], faces: readonly number[][]): TMesh {
  const positions = vertices.flatMap((v) => [...v]);
  const centre = vertices.reduce<TVec3>(
    (acc, v) => [
      acc[0] + v[0] / vertices.length,
      acc[1] + v[1] / vertices.length,
      acc[2] + v[2] / vertices.length,
    ],
    [0, 0, 0],
  );
  const triangles: number[] = [];
  for (const face of faces) {
    for (let k = 1; k + 1 < face.length; k++) {
      const [a, b, c] = [face[0] ?? 0, face[k] ?? 0, face[k + 1] ?? 0];
      const [pa, pb, pc] = [vertices[a], vertices[b], vertices[c]] as [TVec3, TVec3, TVec3];
      const u = [pb[0] - pa[0], pb[1] - pa[1], pb[2] - pa[2]];
      const v = [pc[0] - pa[0], pc[1] - pa[1], pc[2] - pa[2]];
      const n = [
        (u[1] ?? 0) * (v[2] ?? 0) - (u[2] ?? 0) * (v[1] ?? 0),
        (u[2] ?? 0) * (v[0] ?? 0) - (u[0] ?? 0) * (v[2] ?? 0),
        (u[0] ?? 0) * (v[1] ?? 0) - (u[1] ?? 0) * (v[0] ?? 0),
      ];
      const out =
        (n[0] ?? 0) * (pa[0] - centre[0]) +
        (n[1] ?? 0) * (pa[1] - centre[1]) +
        (n[2] ?? 0) * (pa[2] - centre[2]);
      if (out >= 0) triangles.push(a, b, c);
      else triangles.push(a, c, b);
    }
  }
  return orient({ positions, triangles });
}

/** Icosahedron-based pebble: one subdivision, jittered radially. */
export function lowPolyRock(radius: number, rng: TRandom, squash = 0.75): TMesh {
  const g = (1 + Math.sqrt(5)) / 2;
  const base: TVec3[] = [
    [-1, g, 0],
    [1, g, 0],
    [-1, -g, 0],
    [1, -g, 0],
    [0, -1, g],
    [0, 1, g],
    [0, -1, -g],
    [0, 1, -g],
    [g, 0, -1],
    [g, 0, 1],
    [-g, 0, -1],
    [-g, 0, 1],
  ];
  const faces = [
    [0, 11, 5],
    [0, 5, 1],
    [0, 1, 7],
    [0, 7, 10],
    [0, 10, 11],
    [1, 5, 9],
    [5, 11, 4],
    [11, 10, 2],
    [10, 7, 6],
    [7, 1, 8],
    [3, 9, 4],
    [3, 4, 2],
    [3, 2, 6],
    [3, 6, 8],
    [3, 8, 9],
    [4, 9, 5],
    [2, 4, 11],
    [6, 2, 10],
    [8, 6, 7],
    [9, 8, 1],
  ];
  const verts = base.slice();
  const cache = new Map<string, number>();
  const mid = (a: number, b: number) => {
    const key = a < b ? `${a}:${b}` : `${b}:${a}`;
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const [pa, pb] = [verts[a], verts[b]] as [TVec3, TVec3];
    verts.push([(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2, (pa[2] + pb[2]) / 2]);
    cache.set(key, verts.length - 1);
    return verts.length - 1;
  };
  const fine = faces.flatMap(([a = 0, b = 0, c = 0]) => {
    const [ab, bc, ca] = [mid(a, b), mid(b, c), mid(c, a)];
    return [
      [a, ab, ca],
      [b, bc, ab],
      [c, ca, bc],
      [ab, bc, ca],
    ];
  });
  const shaped = verts.map(([x, y, z]): TVec3 => {
    const k = (radius * rng.range(0.86, 1.12)) / Math.hypot(x, y, z);
    return [x * k, y * k, z * k * squash];
  });
  // Winding each face away from the centre also holds for this star-shaped solid.
  return convexSolid(shaped, fine);
}

/** Open container on a rounded n-gon: pen cups, coaster holders, dice trays. */
export function cup(sides: number, radius: number, height: number, wall: number): TMesh {
  const corner = Math.max(wall * 2.5, 4);
  const outer = roundedRegular(sides, radius - corner, corner, 5);
  const inner = roundedRegular(sides, radius - corner, corner - wall, 5);
  return loft([at(outer, 0), at(outer, height), at(inner, height), at(inner, wall * 1.2)], {
    start: 'cap',
    end: 'cap',
  });
}

/** Hexagonal-ish crystal point standing on a flat base, jittered per facet. */
export function crystal(radius: number, height: number, sides: number, rng: TRandom): TMesh {
  const radii = Array.from({ length: sides }, () => radius * rng.range(0.85, 1.1));
  const ring = (scale: number, z: number) =>
    radii.map((r, i): TVec3 => {
      const a = (i / sides) * Math.PI * 2;
      return [r * scale * Math.cos(a), r * scale * Math.sin(a), z];
    });
  return loft([ring(0.8, 0), ring(1, height * 0.72)], { start: 'cap', end: [0, 0, height] });
}

/** Tetrahedron, cube and octahedron at matching scale for the classroom set. */
export const platonic = (): TMesh[] => {
  const s = 12;
  const tetra = convexSolid(
    [
      [s, s, s],
      [s, -s, -s],
      [-s, s, -s],
      [-s, -s, s],
    ],
    [
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ],
  );
  const c = s * 0.8;
  const cubeVerts: TVec3[] = [];
  for (const x of [-c, c])
    for (const y of [-c, c]) for (const z of [-c, c]) cubeVerts.push([x, y, z]);
  const cube = convexSolid(cubeVerts, [
    [0, 1, 3, 2],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 3, 7, 5],
  ]);
  const o = s * 1.3;
  const octa = convexSolid(
    [
      [o, 0, 0],
      [-o, 0, 0],
      [0, o, 0],
      [0, -o, 0],
      [0, 0, o],
      [0, 0, -o],
    ],
    [
      [0, 2, 4],
      [2, 1, 4],
      [1, 3, 4],
      [3, 0, 4],
      [0, 2, 5],
      [2, 1, 5],
      [1, 3, 5],
      [3, 0, 5],
    ],
  );
  return [tetra, cube, octa];
};
