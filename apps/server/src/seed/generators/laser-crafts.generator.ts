import type { TRandom } from './prng.util';
import {
  circlePath,
  petalPath,
  polarPoints,
  polyPath,
  regularPath,
  roundedRectPath,
  starPath,
  type TPoint,
  type TVectorDesign,
  type TVectorLayer,
} from './svg.generator';

/** Six-lobed snowflake ornament with scored branches and a hanging hole in the top lobe. */
export function snowflakeOrnament(diameter: number): TVectorDesign {
  const r = diameter / 2;
  const outline = polarPoints(
    r,
    r,
    240,
    (a) => r * (0.7 + 0.3 * Math.abs(Math.cos(3 * (a + Math.PI / 2))) ** 3),
  );
  const layers: TVectorLayer[] = [
    { op: 'engrave', d: `${regularPath(r, r, r * 0.16, 6)} ${regularPath(r, r, r * 0.1, 6)}` },
  ];
  for (let k = 0; k < 6; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 3;
    const at = (len: number, off = 0): TPoint => [
      r + Math.cos(a + off) * len,
      r + Math.sin(a + off) * len,
    ];
    layers.push({
      op: 'score',
      d: polyPath([at(r * 0.18), at(r * (k === 0 ? 0.55 : 0.62))], false),
    });
    for (const [base, len] of [
      [0.32, 0.16],
      [0.46, 0.11],
    ] as const) {
      const p = at(r * base);
      for (const side of [-1, 1]) {
        const b = a + side * 0.75;
        layers.push({
          op: 'score',
          d: polyPath([p, [p[0] + Math.cos(b) * r * len, p[1] + Math.sin(b) * r * len]], false),
        });
      }
    }
  }
  layers.push({ op: 'cut', role: 'hole', d: circlePath(r, r - r * 0.82, 1.8) });
  layers.push({ op: 'cut', role: 'outline', d: polyPath(outline) });
  return { width: diameter, height: diameter, layers };
}

/** Four lantern walls with lattice windows and a base plate with a tea-light opening. */
export function lanternPanels(width: number, height: number, rng: TRandom): TVectorDesign {
  const gap = 5;
  const layers: TVectorLayer[] = [];
  for (let p = 0; p < 4; p++) {
    const x0 = gap + p * (width + gap);
    layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(x0, gap, width, height, 2) });
    const cell = 11;
    const cols = Math.floor((width - 20) / cell);
    const rows = Math.floor((height - 40) / cell);
    const ox = x0 + (width - cols * cell) / 2 + cell / 2;
    const oy = gap + 26 + cell / 2;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rows; j++) {
        const [cx, cy] = [ox + i * cell, oy + j * cell];
        const d =
          p % 2 === 0
            ? polyPath([
                [cx, cy - 4.2],
                [cx + 4.2, cy],
                [cx, cy + 4.2],
                [cx - 4.2, cy],
              ])
            : circlePath(cx, cy, rng.chance(0.8) ? 3.6 : 2.4);
        layers.push({ op: 'cut', role: 'hole', d });
      }
    }
    layers.push({ op: 'score', d: roundedRectPath(x0 + 5, gap + 6, width - 10, 14, 2) });
  }
  const baseY = gap * 2 + height;
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(gap, baseY, width, width, 2) });
  layers.push({ op: 'cut', role: 'hole', d: circlePath(gap + width / 2, baseY + width / 2, 20.5) });
  return { width: gap + 4 * (width + gap), height: baseY + width + gap, layers };
}

/** A pair of leaf earrings with scored veins and jump-ring holes. */
export function leafEarrings(length: number): TVectorDesign {
  const w = length * 0.36;
  const layers: TVectorLayer[] = [];
  for (const [ox, flip] of [
    [6, 1],
    [w * 2 + 16, -1],
  ] as const) {
    const leaf = (t: number, side: number): TPoint => [
      ox + w + side * w * Math.sin(Math.PI * t) ** 0.8 * (1 - 0.25 * t) * flip,
      6 + length * t,
    ];
    const pts: TPoint[] = [];
    for (let i = 0; i <= 30; i++) pts.push(leaf(i / 30, 1));
    for (let i = 29; i >= 1; i--) pts.push(leaf(i / 30, -1));
    layers.push({ op: 'cut', role: 'outline', d: polyPath(pts) });
    layers.push({ op: 'cut', role: 'hole', d: circlePath(ox + w, 6 + length * 0.08, 0.9) });
    layers.push({
      op: 'score',
      d: polyPath(
        [
          [ox + w, 6 + length * 0.16],
          [ox + w, 6 + length * 0.9],
        ],
        false,
      ),
    });
    for (let v = 1; v <= 4; v++) {
      const y = 6 + length * (0.18 + v * 0.15);
      for (const side of [-1, 1]) {
        layers.push({
          op: 'score',
          d: polyPath(
            [
              [ox + w, y],
              [ox + w + side * w * 0.55, y - length * 0.09],
            ],
            false,
          ),
        });
      }
    }
  }
  return { width: w * 4 + 22, height: length + 12, layers };
}

/** Fold-over card wallet: one piece with a fold line and matching stitch holes. */
export function cardWallet(width: number, height: number): TVectorDesign {
  const fold = height * 0.56;
  const layers: TVectorLayer[] = [
    {
      op: 'score',
      d: polyPath(
        [
          [0, fold],
          [width, fold],
        ],
        false,
      ),
    },
  ];
  const pitch = 4;
  for (const x of [3.5, width - 3.5]) {
    for (let y = fold + 6; y <= height - 6; y += pitch) {
      layers.push({ op: 'cut', role: 'hole', d: circlePath(x, y, 0.6) });
      layers.push({ op: 'cut', role: 'hole', d: circlePath(x, 2 * fold - y, 0.6) });
    }
  }
  const [ex, ey] = [width / 2, fold * 0.45];
  layers.push({
    op: 'engrave',
    d: `${regularPath(ex, ey, 11, 4)} ${regularPath(ex, ey, 9, 4)} ${regularPath(ex, ey, 5, 4)}`,
  });
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, width, height, 6) });
  return { width, height, layers };
}

/**
 * Halftone "photo": dots sized by the darkness of a procedural sunset over
 * hills, which is how photo engraving looks once dithered for a diode laser.
 */
export function halftonePhoto(width: number, height: number, rng: TRandom): TVectorDesign {
  const pitch = 2.4;
  const hills = Array.from(
    { length: 3 },
    (_, i) => [0.5 + i * 0.12, rng.range(0.04, 0.09), rng.range(1, 3)] as const,
  );
  const darkness = (u: number, v: number) => {
    const sun = Math.hypot(u - 0.68, (v - 0.38) * (height / width));
    let d = sun < 0.09 ? 0 : sun < 0.13 ? 0.06 : 0.06 + 0.32 * v * v;
    hills.forEach(([base, amp, freq], i) => {
      if (v > base + amp * Math.sin(u * Math.PI * freq + i * 2)) d = 0.5 + 0.2 * i;
    });
    return Math.min(0.95, d);
  };
  const dots: string[] = [];
  for (let y = pitch; y < height - pitch / 2; y += pitch) {
    for (let x = pitch; x < width - pitch / 2; x += pitch) {
      const r = (pitch / 2) * Math.sqrt(darkness(x / width, y / height)) * 0.95;
      if (r > 0.25) dots.push(circlePath(x, y, r));
    }
  }
  return {
    width,
    height,
    layers: [
      { op: 'engrave', d: dots.join(' ') },
      { op: 'cut', role: 'outline', d: roundedRectPath(0, 0, width, height, 3) },
    ],
  };
}

/** Lamp shade walls perforated with a honeycomb of cut hexagons. */
export function hexLampPanels(width: number, height: number): TVectorDesign {
  const gap = 5;
  const layers: TVectorLayer[] = [];
  const r = 4.6;
  const dx = r * Math.sqrt(3) + 2.6;
  const dy = dx * 0.866;
  for (let p = 0; p < 4; p++) {
    const x0 = gap + p * (width + gap);
    layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(x0, gap, width, height, 1.5) });
    for (let row = 0; 14 + row * dy <= height - 14; row++) {
      const shift = row % 2 === 0 ? 0 : dx / 2;
      for (let x = x0 + 12 + shift; x <= x0 + width - 12; x += dx) {
        layers.push({ op: 'cut', role: 'hole', d: regularPath(x, gap + 14 + row * dy, r, 6) });
      }
    }
  }
  return { width: gap + 4 * (width + gap), height: height + gap * 2, layers };
}

/** Three stacked layers for a layered mandala: a backing disc, a petal ring, a star. */
export function layeredMandala(diameter: number): TVectorDesign[] {
  const r = diameter / 2;
  const base: TVectorLayer[] = [
    { op: 'cut', role: 'hole', d: circlePath(r, 8, 2) },
    { op: 'cut', role: 'outline', d: circlePath(r, r, r) },
  ];
  const petals: TVectorLayer[] = [{ op: 'cut', role: 'hole', d: circlePath(r, r, r * 0.3) }];
  for (let k = 0; k < 16; k++) {
    petals.push({
      op: 'cut',
      role: 'hole',
      d: petalPath(r, r, r * 0.4, r * 0.86, (k * Math.PI) / 8, r * 0.16),
    });
  }
  petals.push({ op: 'cut', role: 'outline', d: circlePath(r, r, r * 0.95) });
  const star: TVectorLayer[] = [{ op: 'cut', role: 'hole', d: circlePath(r, r, r * 0.08) }];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    star.push({
      op: 'cut',
      role: 'hole',
      d: circlePath(r + Math.cos(a) * r * 0.3, r + Math.sin(a) * r * 0.3, r * 0.06),
    });
  }
  star.push({ op: 'cut', role: 'outline', d: starPath(r, r, r * 0.62, r * 0.42, 8) });
  return [base, petals, star].map((layers) => ({ width: diameter, height: diameter, layers }));
}
