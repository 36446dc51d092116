import type { TRandom } from './prng.util';
import {
  circlePath,
  fmt,
  petalPath,
  polarPoints,
  polyPath,
  regularPath,
  ringPath,
  roundedRectPath,
  starPath,
  type TPoint,
  type TVectorDesign,
  type TVectorLayer,
} from './svg.generator';

/** Layered mandala for a round coaster: petals, dots and a rosette, all engraved. */
export function mandalaCoaster(diameter: number, rng: TRandom): TVectorDesign {
  const r = diameter / 2;
  const [cx, cy] = [r, r];
  const outer = rng.pick([12, 16, 18]);
  const inner = outer / 2;
  const step = (Math.PI * 2) / outer;
  const layers: TVectorLayer[] = [
    { op: 'engrave', d: ringPath(cx, cy, r - 2.5, r - 4) },
    { op: 'engrave', d: starPath(cx, cy, r * 0.13, r * 0.07, inner) },
    { op: 'engrave', d: ringPath(cx, cy, r * 0.05, r * 0.03) },
  ];
  for (let k = 0; k < outer; k++) {
    layers.push({ op: 'engrave', d: petalPath(cx, cy, r * 0.44, r * 0.84, k * step, r * 0.2) });
    layers.push({
      op: 'engrave',
      d: circlePath(
        cx + r * 0.88 * Math.cos((k + 0.5) * step),
        cy + r * 0.88 * Math.sin((k + 0.5) * step),
        r * 0.022,
      ),
    });
  }
  for (let k = 0; k < inner; k++) {
    const a = (k + 0.5) * step * 2;
    layers.push({ op: 'engrave', d: petalPath(cx, cy, r * 0.16, r * 0.42, a, r * 0.15) });
  }
  layers.push({ op: 'cut', role: 'outline', d: circlePath(cx, cy, r) });
  return { width: diameter, height: diameter, layers };
}

/** Hexagonal coaster with a pinwheel of engraved triangles inside a border. */
export function hexPinwheelCoaster(radius: number): TVectorDesign {
  const h = radius * Math.sqrt(3);
  const [cx, cy] = [radius, h / 2];
  const inner = radius - 5;
  const corners = polarPoints(cx, cy, 6, () => inner, 0);
  const layers: TVectorLayer[] = [
    {
      op: 'engrave',
      d: `${regularPath(cx, cy, radius - 2, 6, 0)} ${regularPath(cx, cy, radius - 3.2, 6, 0)}`,
    },
  ];
  corners.forEach((p, i) => {
    const q = corners[(i + 1) % 6] ?? p;
    const mid: TPoint = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
    layers.push({ op: 'engrave', d: polyPath([[cx, cy], p, mid]) });
  });
  layers.push({ op: 'cut', role: 'outline', d: regularPath(cx, cy, radius, 6, 0) });
  return { width: radius * 2, height: h, layers };
}

type TEdge = 'male' | 'female' | 'plain';

/**
 * Panel outline with finger joints. Each edge is split into an odd number of
 * fingers; male edges keep even fingers and cut odd ones back by the sheet
 * thickness, female edges the other way round, so mating edges interlock.
 */
function fingerPanel(
  x: number,
  y: number,
  w: number,
  h: number,
  edges: readonly [TEdge, TEdge, TEdge, TEdge],
  t: number,
  finger: number,
): string {
  const sides = [
    { from: [x, y], dir: [1, 0], len: w, normal: [0, -1] },
    { from: [x + w, y], dir: [0, 1], len: h, normal: [1, 0] },
    { from: [x + w, y + h], dir: [-1, 0], len: w, normal: [0, 1] },
    { from: [x, y + h], dir: [0, -1], len: h, normal: [-1, 0] },
  ] as const;
  const count = (len: number) => Math.max(3, Math.floor(len / finger) | 1);
  const offset = (edge: TEdge, k: number) => {
    if (edge === 'plain') return 0;
    const even = k % 2 === 0;
    return (edge === 'male') === even ? 0 : -t;
  };
  const points: TPoint[] = [];
  sides.forEach((side, i) => {
    const prevIndex = (i + 3) % 4;
    const prev = sides[prevIndex] ?? side;
    const segs = count(side.len);
    const prevLast = offset(edges[prevIndex] ?? 'plain', count(prev.len) - 1);
    const at = (along: number, o: number): TPoint => [
      side.from[0] + side.dir[0] * along + side.normal[0] * o,
      side.from[1] + side.dir[1] * along + side.normal[1] * o,
    ];
    const first = offset(edges[i] ?? 'plain', 0);
    points.push([
      side.from[0] + side.normal[0] * first + prev.normal[0] * prevLast,
      side.from[1] + side.normal[1] * first + prev.normal[1] * prevLast,
    ]);
    for (let k = 0; k < segs - 1; k++) {
      const o = offset(edges[i] ?? 'plain', k);
      const next = offset(edges[i] ?? 'plain', k + 1);
      const along = (side.len * (k + 1)) / segs;
      points.push(at(along, o), at(along, next));
    }
  });
  return polyPath(points);
}

/** Honeycomb of small engraved hexagon rings filling a rectangle. */
function honeycomb(x: number, y: number, w: number, h: number, r: number): TVectorLayer[] {
  const out: TVectorLayer[] = [];
  const dx = r * Math.sqrt(3) + 1.2;
  const dy = dx * 0.866;
  for (let row = 0; y + r + row * dy <= y + h - r; row++) {
    const shift = row % 2 === 0 ? 0 : dx / 2;
    for (let cx = x + r + shift; cx <= x + w - r; cx += dx) {
      const cy = y + r + row * dy;
      out.push({
        op: 'engrave',
        d: `${regularPath(cx, cy, r, 6)} ${regularPath(cx, cy, r - 1, 6)}`,
      });
    }
  }
  return out;
}

export type TBoxSize = { width: number; depth: number; height: number; thickness: number };

/** Finger-jointed box: two fronts, two sides, a bottom and a lift-off lid with its locating plate. */
export function fingerJointBox({ width, depth, height, thickness }: TBoxSize): TVectorDesign {
  const t = thickness;
  const f = Math.max(8, t * 3);
  const gap = 5;
  const rowA = gap;
  const rowB = rowA + height + gap;
  const rowC = rowB + depth + gap;
  const colB = gap + width + gap;
  const layers: TVectorLayer[] = [
    {
      op: 'cut',
      role: 'outline',
      d: fingerPanel(gap, rowA, width, height, ['plain', 'male', 'male', 'male'], t, f),
    },
    {
      op: 'cut',
      role: 'outline',
      d: fingerPanel(colB, rowA, width, height, ['plain', 'male', 'male', 'male'], t, f),
    },
    {
      op: 'cut',
      role: 'outline',
      d: fingerPanel(gap, rowB, depth, height, ['plain', 'female', 'male', 'female'], t, f),
    },
    {
      op: 'cut',
      role: 'outline',
      d: fingerPanel(colB, rowB, depth, height, ['plain', 'female', 'male', 'female'], t, f),
    },
    {
      op: 'cut',
      role: 'outline',
      d: fingerPanel(gap, rowC, width, depth, ['female', 'female', 'female', 'female'], t, f),
    },
    { op: 'cut', role: 'outline', d: roundedRectPath(colB, rowC, width, depth, 3) },
    ...honeycomb(colB + 8, rowC + 8, width - 16, depth - 16, 5),
  ];
  const plateY = rowC + depth + gap;
  layers.push({
    op: 'cut',
    role: 'outline',
    d: roundedRectPath(gap + t + 0.3, plateY, width - 2 * t - 0.6, depth - 2 * t - 0.6, 2),
  });
  return { width: colB + Math.max(width, depth) + gap, height: plateY + depth + gap, layers };
}

/** Classic knob between two cell corners; `side` picks which piece gets the knob. */
function knob(a: TPoint, b: TPoint, side: number): string {
  const [ux, uy] = [b[0] - a[0], b[1] - a[1]];
  const [nx, ny] = [-uy * side, ux * side];
  const p = (s: number, q: number) =>
    `${fmt(a[0] + ux * s + nx * q)} ${fmt(a[1] + uy * s + ny * q)}`;
  return [
    `L${p(0.36, 0)}`,
    `C${p(0.42, 0)} ${p(0.45, 0.08)} ${p(0.41, 0.14)}`,
    `C${p(0.35, 0.24)} ${p(0.42, 0.31)} ${p(0.5, 0.31)}`,
    `C${p(0.58, 0.31)} ${p(0.65, 0.24)} ${p(0.59, 0.14)}`,
    `C${p(0.55, 0.08)} ${p(0.58, 0)} ${p(0.64, 0)}`,
    `L${p(1, 0)}`,
  ].join(' ');
}

/** A landscape of a sun and two ridges, shared by puzzles and plaques. */
function landscape(x: number, y: number, w: number, h: number, rng: TRandom): TVectorLayer[] {
  const ridge = (base: number, amp: number, count: number): TPoint[] => {
    const pts: TPoint[] = [[x, y + h]];
    for (let i = 0; i <= count; i++) {
      const peak = i % 2 === 1 ? amp * rng.range(0.6, 1) : amp * rng.range(0.05, 0.3);
      pts.push([x + (w * i) / count, y + base - peak]);
    }
    pts.push([x + w, y + h]);
    return pts;
  };
  return [
    { op: 'engrave', d: ringPath(x + w * 0.72, y + h * 0.3, h * 0.14, h * 0.1) },
    { op: 'engrave', d: circlePath(x + w * 0.72, y + h * 0.3, h * 0.07) },
    { op: 'engrave', d: polyPath(ridge(h * 0.72, h * 0.35, 9)) },
    { op: 'score', d: polyPath(ridge(h * 0.6, h * 0.3, 7).slice(1, -1), false) },
  ];
}

/** Jigsaw puzzle with knobbed cuts over an engraved landscape. */
export function jigsawPuzzle(
  width: number,
  height: number,
  cols: number,
  rows: number,
  rng: TRandom,
): TVectorDesign {
  const layers: TVectorLayer[] = landscape(0, 0, width, height, rng);
  for (let i = 1; i < cols; i++) {
    const x = (width * i) / cols;
    let d = `M${fmt(x)} 0`;
    for (let j = 0; j < rows; j++)
      d += ` ${knob([x, (height * j) / rows], [x, (height * (j + 1)) / rows], rng.chance(0.5) ? 1 : -1)}`;
    layers.push({ op: 'cut', role: 'line', d });
  }
  for (let j = 1; j < rows; j++) {
    const y = (height * j) / rows;
    let d = `M0 ${fmt(y)}`;
    for (let i = 0; i < cols; i++)
      d += ` ${knob([(width * i) / cols, y], [(width * (i + 1)) / cols, y], rng.chance(0.5) ? 1 : -1)}`;
    layers.push({ op: 'cut', role: 'line', d });
  }
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, width, height, 3) });
  return { width, height, layers };
}

/** Wall plaque: mountains, sun and birds inside a scored border, two screw holes. */
export function mountainPlaque(width: number, height: number, rng: TRandom): TVectorDesign {
  const layers: TVectorLayer[] = [
    { op: 'score', d: roundedRectPath(7, 7, width - 14, height - 14, 5) },
    ...landscape(12, 14, width - 24, height - 28, rng),
  ];
  for (let i = 0; i < 4; i++) {
    // A few birds as short scored chevrons in the sky.
    const bx = width * rng.range(0.2, 0.5);
    const by = height * rng.range(0.22, 0.4);
    const span = rng.range(3, 5);
    layers.push({
      op: 'score',
      d: polyPath(
        [
          [bx - span, by - span * 0.5],
          [bx, by],
          [bx + span, by - span * 0.5],
        ],
        false,
      ),
    });
  }
  layers.push({ op: 'cut', role: 'hole', d: circlePath(14, height / 2, 2.2) });
  layers.push({ op: 'cut', role: 'hole', d: circlePath(width - 14, height / 2, 2.2) });
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, width, height, 8) });
  return { width, height, layers };
}
