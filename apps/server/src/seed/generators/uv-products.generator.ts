import type { TRandom } from './prng.util';
import {
  circlePath,
  fmt,
  petalPath,
  polarPoints,
  polyPath,
  roundedRectPath,
  starPath,
  type TPoint,
  type TVectorDesign,
  type TVectorLayer,
} from './svg.generator';
import { colour, type TPalette } from './uv-designs.generator';

/** Desk or door nameplate: overlapping translucent circles and a colour band, no lettering. */
export function nameplateArt(palette: TPalette, rng: TRandom): TVectorDesign {
  const [w, h] = [200, 60];
  const layers: TVectorLayer[] = [
    { op: 'print', d: roundedRectPath(0, 0, w, h, 6), fill: '#fbfbfb' },
    {
      op: 'print',
      d: polyPath([
        [70, 38],
        [w - 14, 38],
        [w - 14, 44],
        [70, 44],
      ]),
      fill: colour(palette, 1),
    },
    {
      op: 'print',
      d: polyPath([
        [70, 18],
        [w - 40, 18],
        [w - 40, 30],
        [70, 30],
      ]),
      fill: colour(palette, 0),
      opacity: 0.85,
    },
  ];
  for (let i = 0; i < 4; i++) {
    layers.push({
      op: 'print',
      d: circlePath(24 + i * 9 + rng.range(-2, 2), 30 + rng.range(-6, 6), 13),
      fill: colour(palette, i + 1),
      opacity: 0.7,
    });
  }
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, w, h, 6) });
  return { width: w, height: h, layers };
}

/** Four round acrylic keychains, each a small flower motif; printed, then contour cut. */
export function giftKeychains(palette: TPalette): TVectorDesign {
  const layers: TVectorLayer[] = [];
  for (let i = 0; i < 4; i++) {
    const [cx, cy] = [31 + (i % 2) * 58, 31 + Math.floor(i / 2) * 58];
    layers.push({ op: 'print', d: circlePath(cx, cy, 25), fill: colour(palette, i) });
    const petals = 5 + i;
    for (let k = 0; k < petals; k++) {
      layers.push({
        op: 'print',
        d: petalPath(cx, cy + 3, 3, 15, (k / petals) * Math.PI * 2, 7),
        fill: colour(palette, i + 2),
      });
    }
    layers.push({ op: 'print', d: circlePath(cx, cy + 3, 3.5), fill: colour(palette, i + 4) });
    layers.push({ op: 'cut', role: 'hole', d: circlePath(cx, cy - 19, 2) });
    layers.push({ op: 'cut', role: 'outline', d: circlePath(cx, cy, 26) });
  }
  return { width: 120, height: 120, layers };
}

/**
 * Topographic relief: stacked closed contours. On a UV printer each band is
 * built up with a few passes of white or varnish before the colour goes on.
 */
export function topoRelief(size: number, palette: TPalette, rng: TRandom): TVectorDesign {
  const layers: TVectorLayer[] = [
    { op: 'print', d: roundedRectPath(0, 0, size, size, 4), fill: colour(palette, 0) },
  ];
  const peaks: TPoint[] = [
    [size * rng.range(0.3, 0.45), size * rng.range(0.3, 0.5)],
    [size * rng.range(0.6, 0.75), size * rng.range(0.55, 0.7)],
  ];
  const waves = Array.from({ length: 4 }, () => [rng.range(2, 5), rng.range(0, 6)] as const);
  peaks.forEach(([px, py], p) => {
    for (let level = 0; level < 7; level++) {
      const base = size * (0.34 - level * 0.045) * (p === 0 ? 1 : 0.8);
      const pts = polarPoints(
        px,
        py,
        90,
        (a) =>
          base *
          (1 + waves.reduce((sum, [f, ph]) => sum + 0.05 * Math.sin(f * a + ph + level * 0.3), 0)),
      );
      layers.push({ op: 'print', d: polyPath(pts), fill: colour(palette, 1 + (level % 4)) });
    }
  });
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, size, size, 4) });
  return { width: size, height: size, layers };
}

/** Sleeve for a small product box: four panels and a glue flap, printed before folding. */
export function packagingSleeve(palette: TPalette, rng: TRandom): TVectorDesign {
  const [pw, depth, h, flap] = [70, 40, 110, 12];
  const widths = [pw, depth, pw, depth];
  const total = widths.reduce((a, b) => a + b, 0) + flap;
  const layers: TVectorLayer[] = [
    {
      op: 'print',
      d: polyPath([
        [0, 0],
        [total, 0],
        [total, h],
        [0, h],
      ]),
      fill: colour(palette, 4),
    },
  ];
  for (let i = 0; i < 60; i++) {
    const y = rng.range(0, h);
    layers.push({
      op: 'print',
      d: circlePath(rng.range(0, total), y, rng.range(1, 4)),
      fill: colour(palette, rng.int(1, 3)),
      opacity: 0.85,
    });
  }
  let x = 0;
  widths.forEach((wd, i) => {
    if (i % 2 === 0)
      layers.push({
        op: 'print',
        d: roundedRectPath(x + 10, h * 0.58, wd - 20, 22, 3),
        fill: colour(palette, 0),
      });
    x += wd;
    layers.push({ op: 'score', d: `M${fmt(x)} 0 L${fmt(x)} ${fmt(h)}` });
  });
  layers.push({
    op: 'cut',
    role: 'outline',
    d: polyPath([
      [0, 0],
      [x, 0],
      [x + flap, 8],
      [x + flap, h - 8],
      [x, h],
      [0, h],
    ]),
  });
  return { width: total, height: h, layers };
}

/** Ceramic tile coaster with an eight-point star pattern (zellige style). */
export function starTile(palette: TPalette): TVectorDesign {
  const size = 108;
  const layers: TVectorLayer[] = [
    {
      op: 'print',
      d: polyPath([
        [0, 0],
        [size, 0],
        [size, size],
        [0, size],
      ]),
      fill: '#fbf8f1',
    },
  ];
  const step = size / 3;
  for (let i = 0; i <= 3; i++) {
    for (let j = 0; j <= 3; j++) {
      layers.push({
        op: 'print',
        d: starPath(i * step, j * step, 15, 9, 8),
        fill: colour(palette, 0),
      });
      layers.push({
        op: 'print',
        d: starPath(i * step, j * step, 8, 5, 8),
        fill: colour(palette, 3),
      });
      if (i < 3 && j < 3) {
        const [cx, cy] = [(i + 0.5) * step, (j + 0.5) * step];
        layers.push({
          op: 'print',
          d: polyPath([
            [cx, cy - 7],
            [cx + 7, cy],
            [cx, cy + 7],
            [cx - 7, cy],
          ]),
          fill: colour(palette, 1),
        });
      }
    }
  }
  layers.push({
    op: 'cut',
    role: 'outline',
    d: polyPath([
      [0, 0],
      [size, 0],
      [size, size],
      [0, size],
    ]),
  });
  return { width: size, height: size, layers };
}
