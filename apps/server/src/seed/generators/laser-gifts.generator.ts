import type { TRandom } from './prng.util';
import {
  circlePath,
  fmt,
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

/** Six keychain tags of different shapes, each with a ring hole and an engraved motif. */
export function keychainSet(): TVectorDesign {
  const layers: TVectorLayer[] = [];
  const cell: TPoint = [46, 56];
  const shapes = [
    (cx: number, cy: number) => circlePath(cx, cy, 20),
    (cx: number, cy: number) => regularPath(cx, cy, 22, 6),
    (cx: number, cy: number) => roundedRectPath(cx - 19, cy - 21, 38, 42, 7),
    (cx: number, cy: number) => starPath(cx, cy, 23, 13, 5),
    (cx: number, cy: number) => regularPath(cx, cy, 22, 8, -Math.PI / 8),
    (cx: number, cy: number) =>
      polyPath(
        polarPoints(cx, cy, 72, (a) => 14 + 8 * Math.abs(Math.cos(2.5 * (a + Math.PI / 2)))),
      ),
  ];
  shapes.forEach((shape, i) => {
    const cx = 6 + cell[0] / 2 + (i % 3) * cell[0];
    const cy = 6 + cell[1] / 2 + Math.floor(i / 3) * cell[1];
    layers.push({ op: 'cut', role: 'outline', d: shape(cx, cy) });
    layers.push({ op: 'cut', role: 'hole', d: circlePath(cx, cy - 13, 2.2) });
    layers.push({
      op: 'engrave',
      d: i % 2 === 0 ? ringPath(cx, cy + 3, 8, 5.5) : starPath(cx, cy + 3, 8, 3.5, 6),
    });
  });
  return { width: 12 + cell[0] * 3, height: 12 + cell[1] * 2, layers };
}

function capsulePath(cx: number, cy: number, length: number, width: number, angle: number): string {
  const h = width / 2;
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const at = (u: number, v: number) => `${fmt(cx + c * u - s * v)} ${fmt(cy + s * u + c * v)}`;
  const l = length / 2 - h;
  return `M${at(-l, -h)} L${at(l, -h)} A${fmt(h)} ${fmt(h)} 0 0 1 ${at(l, h)} L${at(-l, h)} A${fmt(h)} ${fmt(h)} 0 0 1 ${at(-l, -h)} Z`;
}

/** Round trivet: rings of radial slots let heat escape and keep the piece stiff. */
export function slottedTrivet(diameter: number): TVectorDesign {
  const r = diameter / 2;
  const layers: TVectorLayer[] = [{ op: 'cut', role: 'hole', d: circlePath(r, r, r * 0.08) }];
  for (const [ring, count, len] of [
    [0.28, 8, 0.14],
    [0.52, 16, 0.18],
    [0.78, 24, 0.16],
  ] as const) {
    for (let k = 0; k < count; k++) {
      const a = (k / count) * Math.PI * 2 + (count === 16 ? Math.PI / 16 : 0);
      layers.push({
        op: 'cut',
        role: 'hole',
        d: capsulePath(r + Math.cos(a) * r * ring, r + Math.sin(a) * r * ring, r * len, 4, a),
      });
    }
  }
  layers.push({ op: 'cut', role: 'outline', d: circlePath(r, r, r) });
  return { width: diameter, height: diameter, layers };
}

/** Wall clock face for a standard quartz movement (8 mm shaft hole). */
export function clockFace(diameter: number): TVectorDesign {
  const r = diameter / 2;
  const layers: TVectorLayer[] = [{ op: 'engrave', d: ringPath(r, r, r - 4, r - 6) }];
  for (let k = 0; k < 60; k++) {
    const a = (k / 60) * Math.PI * 2;
    const [c, s] = [Math.cos(a), Math.sin(a)];
    if (k % 5 === 0) {
      const w = k % 15 === 0 ? 3 : 1.8;
      const [r0, r1] = [r * 0.72, r * (k % 15 === 0 ? 0.88 : 0.85)];
      layers.push({
        op: 'engrave',
        d: polyPath([
          [r + c * r0 - s * w, r + s * r0 + c * w],
          [r + c * r1 - s * w, r + s * r1 + c * w],
          [r + c * r1 + s * w, r + s * r1 - c * w],
          [r + c * r0 + s * w, r + s * r0 - c * w],
        ]),
      });
    } else {
      layers.push({
        op: 'score',
        d: polyPath(
          [
            [r + c * r * 0.82, r + s * r * 0.82],
            [r + c * r * 0.86, r + s * r * 0.86],
          ],
          false,
        ),
      });
    }
  }
  layers.push({ op: 'cut', role: 'hole', d: circlePath(r, r, 4) });
  layers.push({ op: 'cut', role: 'outline', d: circlePath(r, r, r) });
  return { width: diameter, height: diameter, layers };
}

/** Bookmark with a tassel hole and a column of diamond cut-outs. */
export function bookmark(width: number, height: number): TVectorDesign {
  const layers: TVectorLayer[] = [{ op: 'cut', role: 'hole', d: circlePath(width / 2, 9, 2.5) }];
  for (let y = 26; y < height - 20; y += 14) {
    const cx = width / 2;
    layers.push({
      op: 'cut',
      role: 'hole',
      d: polyPath([
        [cx, y - 5],
        [cx + 5, y],
        [cx, y + 5],
        [cx - 5, y],
      ]),
    });
    layers.push({
      op: 'engrave',
      d: `${circlePath(cx - 11, y, 1.4)} ${circlePath(cx + 11, y, 1.4)}`,
    });
  }
  layers.push({ op: 'score', d: roundedRectPath(3, 3, width - 6, height - 6, 4) });
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, width, height, 6) });
  return { width, height, layers };
}

/** Tree of life: recursive tapered branches (nonzero fill so joints merge) in a ring. */
export function treeOfLife(diameter: number, rng: TRandom): TVectorDesign {
  const r = diameter / 2;
  const branches: string[] = [];
  const grow = (x: number, y: number, angle: number, len: number, w: number, depth: number) => {
    const [ex, ey] = [x + Math.cos(angle) * len, y + Math.sin(angle) * len];
    const [px, py] = [-Math.sin(angle), Math.cos(angle)];
    const tip = w * 0.62;
    branches.push(
      polyPath([
        [x + px * w, y + py * w],
        [ex + px * tip, ey + py * tip],
        [ex - px * tip, ey - py * tip],
        [x - px * w, y - py * w],
      ]),
    );
    if (depth === 0) {
      branches.push(circlePath(ex, ey, tip * 2.4));
      return;
    }
    const spread = rng.range(0.38, 0.55);
    grow(ex, ey, angle - spread, len * rng.range(0.68, 0.78), tip, depth - 1);
    grow(ex, ey, angle + spread, len * rng.range(0.68, 0.78), tip, depth - 1);
  };
  grow(r, r + r * 0.62, -Math.PI / 2, r * 0.36, r * 0.07, 6);
  for (const side of [-1, 1]) {
    branches.push(
      polyPath([
        [r - r * 0.06, r + r * 0.6],
        [r + side * r * 0.55, r + r * 0.74],
        [r, r + r * 0.66],
      ]),
    );
  }
  const layers: TVectorLayer[] = [
    { op: 'engrave', d: ringPath(r, r, r - 3, r - 6) },
    { op: 'engrave', rule: 'nonzero', d: branches.join(' ') },
    { op: 'cut', role: 'outline', d: circlePath(r, r, r) },
  ];
  return { width: diameter, height: diameter, layers };
}
