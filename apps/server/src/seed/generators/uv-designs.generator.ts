import type { TRandom } from './prng.util';
import {
  circlePath,
  polarPoints,
  polyPath,
  roundedRectPath,
  starPath,
  type TPoint,
  type TVectorDesign,
  type TVectorLayer,
} from './svg.generator';

export const PALETTES = {
  ocean: ['#0b3954', '#087e8b', '#bfd7ea', '#ff5a5f', '#c81d25'],
  sunset: ['#2d1e2f', '#7c3a5b', '#e0607e', '#f8a07e', '#ffd6a5'],
  forest: ['#1b4332', '#2d6a4f', '#52b788', '#b7e4c7', '#f4a259'],
  candy: ['#ff70a6', '#ff9770', '#ffd670', '#e9ff70', '#70d6ff'],
  retro: ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ink: ['#14213d', '#1d3557', '#457b9d', '#a8dadc', '#f1faee'],
} as const;
export type TPalette = keyof typeof PALETTES;

export const colour = (palette: TPalette, i: number) => PALETTES[palette][i % 5] ?? '#888888';

/** Bands bounded by sine curves, back to front; the base of most UV artwork here. */
export function waveBands(
  w: number,
  h: number,
  palette: TPalette,
  rng: TRandom,
  count = 5,
): TVectorLayer[] {
  const layers: TVectorLayer[] = [
    {
      op: 'print',
      d: polyPath([
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ]),
      fill: colour(palette, 4),
    },
  ];
  for (let b = 0; b < count; b++) {
    const base = h * (0.25 + (0.7 * b) / count);
    const [amp, freq, phase] = [rng.range(3, 9), rng.range(1, 2.5), rng.range(0, 6)];
    const pts: TPoint[] = [];
    for (let i = 0; i <= 40; i++) {
      const x = (w * i) / 40;
      pts.push([x, base + amp * Math.sin((x / w) * Math.PI * 2 * freq + phase)]);
    }
    pts.push([w, h], [0, h]);
    layers.push({ op: 'print', d: polyPath(pts), fill: colour(palette, 3 - (b % 4)) });
  }
  return layers;
}

/** Irregular chips scattered over a base, like terrazzo stone. */
function terrazzo(
  w: number,
  h: number,
  palette: TPalette,
  rng: TRandom,
  count: number,
): TVectorLayer[] {
  const layers: TVectorLayer[] = [
    {
      op: 'print',
      d: polyPath([
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ]),
      fill: '#f3eee6',
    },
  ];
  for (let i = 0; i < count; i++) {
    const [cx, cy, size] = [rng.range(0, w), rng.range(0, h), rng.range(2, 7)];
    const sides = rng.int(4, 7);
    const chip = polarPoints(cx, cy, sides, () => size * rng.range(0.5, 1), rng.range(0, 6));
    layers.push({ op: 'print', d: polyPath(chip), fill: colour(palette, rng.int(0, 3)) });
  }
  return layers;
}

export type TCaseStyle = 'waves' | 'terrazzo' | 'sunset';

/** Phone back artwork with bleed; the dieline marks the case edge and camera opening. */
export function phoneCaseArt(style: TCaseStyle, palette: TPalette, rng: TRandom): TVectorDesign {
  const [w, h] = [76, 158];
  let layers: TVectorLayer[];
  if (style === 'waves') layers = waveBands(w, h, palette, rng);
  else if (style === 'terrazzo') layers = terrazzo(w, h, palette, rng, 140);
  else {
    layers = [
      {
        op: 'print',
        d: polyPath([
          [0, 0],
          [w, 0],
          [w, h],
          [0, h],
        ]),
        fill: colour(palette, 0),
      },
    ];
    for (let i = 0; i < 5; i++) {
      layers.push({
        op: 'print',
        d: circlePath(w / 2, h * 0.55, 34 - i * 6),
        fill: colour(palette, 4 - (i % 4)),
      });
    }
    for (let i = 0; i < 6; i++) {
      const y = h * 0.55 + i * 7;
      layers.push({
        op: 'print',
        d: polyPath([
          [0, y],
          [w, y],
          [w, y + 3.2],
          [0, y + 3.2],
        ]),
        fill: colour(palette, 0),
      });
    }
  }
  layers.push({ op: 'cut', role: 'hole', d: roundedRectPath(6, 6, 32, 34, 9) });
  layers.push({ op: 'cut', role: 'outline', d: roundedRectPath(0, 0, w, h, 11) });
  return { width: w, height: h, layers };
}

/** Full wrap for a 20 oz tumbler: layered ridges under a sun and stars. */
export function tumblerWrap(palette: TPalette, rng: TRandom): TVectorDesign {
  const [w, h] = [235, 95];
  const layers: TVectorLayer[] = [
    {
      op: 'print',
      d: polyPath([
        [0, 0],
        [w, 0],
        [w, h],
        [0, h],
      ]),
      fill: colour(palette, 0),
    },
    { op: 'print', d: circlePath(w * 0.62, h * 0.42, 16), fill: colour(palette, 4) },
  ];
  for (let i = 0; i < 40; i++) {
    layers.push({
      op: 'print',
      d: starPath(rng.range(0, w), rng.range(0, h * 0.45), 1.4, 0.6, 4),
      fill: '#ffffff',
      opacity: 0.8,
    });
  }
  for (let b = 0; b < 3; b++) {
    const pts: TPoint[] = [[0, h]];
    for (let i = 0; i <= 16; i++) {
      const peak = i % 2 === 1 ? rng.range(14, 30) - b * 4 : rng.range(0, 8);
      pts.push([(w * i) / 16, h * (0.55 + b * 0.14) - peak]);
    }
    pts.push([w, h]);
    layers.push({ op: 'print', d: polyPath(pts), fill: colour(palette, 1 + b) });
  }
  layers.push({
    op: 'cut',
    role: 'outline',
    d: polyPath([
      [0, 0],
      [w, 0],
      [w, h],
      [0, h],
    ]),
  });
  return { width: w, height: h, layers };
}
