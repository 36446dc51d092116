import {
  loft,
  mergeMeshes,
  type TMesh,
  type TVec2,
  type TVec3,
  transformMesh,
  translate,
} from './mesh.builder';
import { at, roundedRect, roundedRegular } from './mesh-shapes.generator';
import type { TRandom } from './prng.util';

/**
 * Outline of a thick polyline with mitred joints and round ends. Extruded, it
 * gives hooks, clips and stands; bends must stay wider than the thickness.
 */
export function strokeOutline(path: readonly TVec2[], thickness: number): TVec2[] {
  const h = thickness / 2;
  const normal = (a: TVec2, b: TVec2): TVec2 => {
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    return [-(b[1] - a[1]) / len, (b[0] - a[0]) / len];
  };
  const offsets = path.map((p, i): TVec2 => {
    const prev = path[i - 1];
    const next = path[i + 1];
    const n1 = prev ? normal(prev, p) : undefined;
    const n2 = next ? normal(p, next) : undefined;
    const [ax, ay] = n1 ?? n2 ?? [0, 1];
    const [bx, by] = n2 ?? n1 ?? [0, 1];
    const len = Math.hypot(ax + bx, ay + by);
    const [mx, my] = [(ax + bx) / len, (ay + by) / len];
    const scale = h / (mx * ax + my * ay);
    return [mx * scale, my * scale];
  });
  const left = path.map(
    ([x, y], i): TVec2 => [x + (offsets[i]?.[0] ?? 0), y + (offsets[i]?.[1] ?? 0)],
  );
  const right = path.map(
    ([x, y], i): TVec2 => [x - (offsets[i]?.[0] ?? 0), y - (offsets[i]?.[1] ?? 0)],
  );
  const cap = (centre: TVec2, from: TVec2): TVec2[] => {
    const start = Math.atan2(from[1] - centre[1], from[0] - centre[0]);
    return Array.from({ length: 7 }, (_, k): TVec2 => {
      const a = start - ((k + 1) / 8) * Math.PI;
      return [centre[0] + h * Math.cos(a), centre[1] + h * Math.sin(a)];
    });
  };
  const first = path[0] ?? [0, 0];
  const last = path[path.length - 1] ?? [0, 0];
  return [
    ...left,
    ...cap(last, left[left.length - 1] ?? last),
    ...right.reverse(),
    ...cap(first, right[right.length - 1] ?? first),
  ];
}

export function extrude(outline: readonly TVec2[], height: number): TMesh {
  return loft([at(outline, 0), at(outline, height)], { start: 'cap', end: 'cap' });
}

const arc = (cx: number, cy: number, r: number, from: number, to: number, steps: number) =>
  Array.from({ length: steps + 1 }, (_, i): TVec2 => {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });

/** J-hook for pegboards and under-shelf rails, printed on its side for strength. */
export function wallHook(width: number): TMesh {
  const path: TVec2[] = [[0, 70], ...arc(14, 18, 14, 180, 360, 18), [28, 32]];
  return extrude(strokeOutline(path, 6), width);
}

/** Snap-on cable clip: an open ring that flexes over a desk edge cable. */
export function cableClip(cable: number): TMesh {
  const r = cable / 2 + 1.2;
  return extrude(strokeOutline(arc(0, 0, r, 115, 425, 28), 2.4), 10);
}

/** Phone stand side profile extruded to width, then stood up (profile in x-z). */
export function phoneStand(width: number): TMesh {
  const path: TVec2[] = [
    [6, 18],
    [6, 3],
    [72, 3],
    [44, 82],
  ];
  const mesh = extrude(strokeOutline(path, 6), width);
  return transformMesh(mesh, ([x, y, z]) => [x, z, y]);
}

/** Hexagonal wall shelf cell: a ring with rounded corners, printed flat. */
export function honeycombCell(radius: number, wall: number, depth: number): TMesh {
  const corner = 8;
  const outer = roundedRegular(6, radius - corner, corner, 5);
  const inner = roundedRegular(6, radius - corner, corner - wall, 5);
  return loft([at(outer, 0), at(outer, depth), at(inner, depth), at(inner, 0)], { cyclic: true });
}

/** Stepped hex terrain tile for tabletop games, with slightly uneven plateaus. */
export function terrainTile(radius: number, rng: TRandom): TMesh {
  const steps = [
    [1, 0],
    [1, 4],
    [0.78, 4],
    [0.7, 9],
    [0.48, 9],
    [0.4, 14],
  ] as const;
  const wobble = Array.from({ length: 6 }, () => rng.range(0.94, 1.04));
  const loops = steps.map(([scale, z], s) =>
    at(
      roundedRegular(6, radius * scale, 0).map(([x, y], i): TVec2 => {
        const w = s < 2 ? 1 : (wobble[i] ?? 1);
        return [x * w, y * w];
      }),
      z,
    ),
  );
  return loft(loops, { start: 'cap', end: 'cap' });
}

/**
 * Low-poly figure lofted from jittered n-gon rings with a pointed top: the
 * faceted look printers handle without supports.
 */
export function lowPolyFigure(
  section: readonly TVec2[],
  sides: number,
  rng: TRandom,
  stretch: TVec2 = [1, 1],
): TMesh {
  const loops = section.map(([r, z], level) =>
    Array.from({ length: sides }, (_, i): TVec3 => {
      const a = ((i + (level % 2) * 0.5) / sides) * Math.PI * 2;
      const rr = r * (level === 0 ? 1 : rng.range(0.92, 1.08));
      return [rr * Math.cos(a) * stretch[0], rr * Math.sin(a) * stretch[1], z];
    }),
  );
  const top = section[section.length - 1] ?? [0, 0];
  return loft(loops, { start: 'cap', end: [0, 0, top[1] + top[0] * 0.8] });
}

/**
 * Print-in-place style chain: separate ridged segments along an S-curve with
 * a 1.2 mm gap, each its own closed shell.
 */
export function segmentedCreature(count: number, rng: TRandom): TMesh {
  const parts: TMesh[] = [];
  let s = 0;
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    const size = i === 0 ? 1.35 : 1 - 0.55 * t;
    const length = 14 * size;
    const width = 18 * size;
    const height = 8 * size;
    const centre = s + length / 2;
    s += length + 1.2;
    const body = loft(
      [
        at(roundedRect(length * 0.82, width * 0.82, 2 * size), 0),
        at(roundedRect(length, width, 2.6 * size), 1.6),
        at(roundedRect(length, width, 2.6 * size), height),
      ],
      { start: 'cap', end: [0, 0, height + rng.range(4, 6) * size] },
    );
    parts.push(translate(body, centre, 0, 0));
  }
  const total = s;
  // Bend along a gentle sine; the segments are short so the gaps stay open.
  const bent = parts.map((part) => {
    const xs = part.positions.filter((_, k) => k % 3 === 0);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
    const phase = (cx / total) * Math.PI * 2;
    const y = 22 * Math.sin(phase);
    const angle = Math.atan(((22 * Math.PI * 2) / total) * Math.cos(phase));
    const [c, si] = [Math.cos(angle), Math.sin(angle)];
    return transformMesh(part, ([x, py, z]) => {
      const lx = x - cx;
      return [cx + lx * c - py * si, y + lx * si + py * c, z];
    });
  });
  return mergeMeshes(bent);
}
