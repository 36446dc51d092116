import { loft, type TMesh, type TVec2, type TVec3 } from './mesh.builder';

/** Loop helpers: every loop is counter-clockwise seen from +z. */
export const at = (points: readonly TVec2[], z: number): TVec3[] =>
  points.map(([x, y]) => [x, y, z]);

export function circle(radius: number, segments: number, phase = 0): TVec2[] {
  return Array.from({ length: segments }, (_, i) => {
    const a = phase + (i / segments) * Math.PI * 2;
    return [radius * Math.cos(a), radius * Math.sin(a)] as const;
  });
}

/**
 * Rounded rectangle whose insets keep the same corner centres, so an inset by
 * `d` (radius - d) is a true parallel offset with matching point count: walls
 * of boxes and lids are then clean quad strips.
 */
export function roundedRect(width: number, depth: number, radius: number, seg = 6): TVec2[] {
  const hx = width / 2 - radius;
  const hy = depth / 2 - radius;
  const centres: TVec2[] = [
    [hx, hy],
    [-hx, hy],
    [-hx, -hy],
    [hx, -hy],
  ];
  return corners(centres, radius, seg, 0, Math.PI / 2);
}

/** Regular n-gon with rounded corners; radius is measured to the corner centre. */
export function roundedRegular(sides: number, radius: number, corner: number, seg = 4): TVec2[] {
  const step = (Math.PI * 2) / sides;
  const centres = Array.from({ length: sides }, (_, i): TVec2 => {
    const a = i * step;
    return [radius * Math.cos(a), radius * Math.sin(a)];
  });
  if (corner <= 0) return centres;
  return corners(centres, corner, seg, -step / 2, step);
}

function corners(
  centres: readonly TVec2[],
  radius: number,
  seg: number,
  start: number,
  sweep: number,
): TVec2[] {
  const out: TVec2[] = [];
  centres.forEach(([cx, cy], k) => {
    const base = start + k * sweep;
    for (let s = 0; s <= seg; s++) {
      const a = base + (s / seg) * sweep;
      out.push([cx + radius * Math.cos(a), cy + radius * Math.sin(a)]);
    }
  });
  return out;
}

export type TBoxParams = { width: number; depth: number; height: number; wall: number };

/** Open box printed upright; its floor is as thick as its wall. */
export function box({ width, depth, height, wall }: TBoxParams): TMesh {
  const r = Math.max(wall * 2.5, 4);
  const outer = roundedRect(width, depth, r);
  const inner = roundedRect(width - wall * 2, depth - wall * 2, r - wall);
  return loft([at(outer, 0), at(outer, height), at(inner, height), at(inner, wall)], {
    start: 'cap',
    end: 'cap',
  });
}

/** Lid printed top-down: a plate with a lip that slides into the box (0.25 mm play). */
export function lid({ width, depth, wall }: TBoxParams): TMesh {
  const r = Math.max(wall * 2.5, 4);
  const play = 0.25;
  const plate = 2;
  const lip = 5;
  const outer = roundedRect(width, depth, r);
  const lipOut = roundedRect(width - 2 * (wall + play), depth - 2 * (wall + play), r - wall - play);
  const lipIn = roundedRect(
    width - 2 * (2 * wall + play),
    depth - 2 * (2 * wall + play),
    r - 2 * wall - play,
  );
  return loft(
    [
      at(outer, 0),
      at(outer, plate),
      at(lipOut, plate),
      at(lipOut, plate + lip),
      at(lipIn, plate + lip),
      at(lipIn, plate),
    ],
    { start: 'cap', end: 'cap' },
  );
}

/** Hexagonal coaster with a chamfered foot and a recessed top that holds a cork insert. */
export function hexCoaster(radius: number, height: number, recess: number): TMesh {
  const rim = 3;
  const corner = 6;
  const centre = radius - corner;
  const foot = roundedRegular(6, centre, corner - 0.8);
  const side = roundedRegular(6, centre, corner);
  const pocket = roundedRegular(6, centre, corner - rim);
  return loft(
    [at(foot, 0), at(side, 0.8), at(side, height), at(pocket, height), at(pocket, height - recess)],
    { start: 'cap', end: 'cap' },
  );
}

export type TVaseParams = {
  height: number;
  radius: number;
  lobes: number;
  lobeDepth: number;
  twist: number;
  /** Radius multiplier along the height, t in [0, 1]. */
  profile: (t: number) => number;
  wall?: number;
};

/**
 * Lobed, twisted vase. Without `wall` it is the solid body that slicers print
 * in spiral (vase) mode; with `wall` it is a real planter shell.
 */
export function vase(p: TVaseParams): TMesh {
  const segments = 72;
  const levels = 30;
  const ring = (t: number, inset: number): TVec3[] =>
    Array.from({ length: segments }, (_, i) => {
      const a = (i / segments) * Math.PI * 2;
      const r =
        p.radius * p.profile(t) * (1 + p.lobeDepth * Math.cos(p.lobes * a + p.twist * t)) - inset;
      return [r * Math.cos(a), r * Math.sin(a), t * p.height];
    });
  const outer = Array.from({ length: levels + 1 }, (_, l) => ring(l / levels, 0));
  if (!p.wall) return loft(outer, { start: 'cap', end: 'cap' });
  const floor = p.wall * 1.5;
  const wall = p.wall;
  const inner = Array.from({ length: levels + 1 }, (_, l) => {
    const t = 1 - l / levels;
    return ring(t, wall).map(([x, y, z]): TVec3 => [x, y, Math.max(z, floor)]);
  });
  // The lowest inner rings would collapse onto the floor plane; keep the floor ring only once.
  const innerLoops = inner.filter(
    (loop, i) => i === inner.length - 1 || (loop[0]?.[2] ?? 0) > floor,
  );
  return loft([...outer, ...innerLoops], { start: 'cap', end: 'cap' });
}

/**
 * Involute spur gear with a bore, 20 degree pressure angle. The bore ring
 * is sampled by arc length of the tooth outline so both loops pair up
 * one-to-one without coincident points.
 */
export function gear(teeth: number, module: number, thickness: number, bore: number): TMesh {
  const pressure = (20 * Math.PI) / 180;
  const rp = (module * teeth) / 2;
  const rb = rp * Math.cos(pressure);
  const ra = rp + module;
  const rf = rp - 1.25 * module;
  const inv = (r: number) => {
    const a = Math.acos(Math.min(1, rb / r));
    return Math.tan(a) - a;
  };
  const half = (r: number) => Math.PI / (2 * teeth) + inv(rp) - inv(Math.max(r, rb));
  const flank = 7;
  const rStart = Math.max(rf, rb);
  const outline: TVec2[] = [];
  const polar = (r: number, a: number): TVec2 => [r * Math.cos(a), r * Math.sin(a)];
  for (let k = 0; k < teeth; k++) {
    const c = (k / teeth) * Math.PI * 2;
    const next = ((k + 1) / teeth) * Math.PI * 2;
    if (rf < rb) outline.push(polar(rf, c - half(rb)));
    for (let s = 0; s <= flank; s++) {
      const r = rStart + ((ra - rStart) * s) / flank;
      outline.push(polar(r, c - half(r)));
    }
    outline.push(polar(ra, c));
    for (let s = flank; s >= 0; s--) {
      const r = rStart + ((ra - rStart) * s) / flank;
      outline.push(polar(r, c + half(r)));
    }
    if (rf < rb) outline.push(polar(rf, c + half(rb)));
    const rootMid = (c + half(rb) + next - half(rb)) / 2;
    outline.push(polar(rf, rootMid));
  }
  const lengths = [0];
  for (let i = 1; i < outline.length; i++) {
    const [x1, y1] = outline[i - 1] ?? [0, 0];
    const [x2, y2] = outline[i] ?? [0, 0];
    lengths.push((lengths[i - 1] ?? 0) + Math.hypot(x2 - x1, y2 - y1));
  }
  const [fx, fy] = outline[0] ?? [0, 0];
  const [lx, ly] = outline[outline.length - 1] ?? [0, 0];
  const total = (lengths[lengths.length - 1] ?? 0) + Math.hypot(fx - lx, fy - ly);
  const start = Math.atan2(fy, fx);
  const hole = lengths.map((len) => polar(bore / 2, start + (len / total) * Math.PI * 2));
  return loft([at(outline, 0), at(outline, thickness), at(hole, thickness), at(hole, 0)], {
    cyclic: true,
  });
}

/**
 * Solid of revolution from an (r, z) cross-section. `ring` revolves a closed
 * section that does not touch the axis (a bushing, a finger ring); otherwise
 * the first and last points are closed with flat discs.
 */
export function revolve(section: readonly TVec2[], segments: number, ring: boolean): TMesh {
  const loops = section.map(([r, z]) => at(circle(r, segments), z));
  return ring ? loft(loops, { cyclic: true }) : loft(loops, { start: 'cap', end: 'cap' });
}
