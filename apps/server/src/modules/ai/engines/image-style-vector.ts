import type { TImageStyleOptions } from '@layerline/contract';
import type { TProgress } from './progress-pace';
import type { TOutline, TPoint } from './svg-document';

/**
 * The vector local styles of image-to-image (DESIGN 5): engraving-style
 * hatching and stipple dots, both as closed filled outlines in millimetres
 * (svg-document.ts), so a laser engraves them as they are.
 */

/** Darkness 0 (paper) to 1 (black) on a grid that covers the piece's mm box. */
export type TDarknessMap = { values: Float32Array; width: number; height: number };

/** The piece: its size in mm and the picture's darkness over it. */
export type TStyleCanvas = { widthMm: number; heightMm: number; darkness: TDarknessMap };

/** Darkness at a point in mm, nearest grid cell (the grid is finer than any stroke). */
function darknessAt(canvas: TStyleCanvas, x: number, y: number): number {
  const { darkness, widthMm, heightMm } = canvas;
  const gx = Math.min(darkness.width - 1, Math.max(0, Math.floor((x / widthMm) * darkness.width)));
  const gy = Math.min(
    darkness.height - 1,
    Math.max(0, Math.floor((y / heightMm) * darkness.height)),
  );
  return darkness.values[gy * darkness.width + gx] as number;
}

/** Clips a convex polygon to the box [0, w] × [0, h] (Sutherland–Hodgman). */
function clipToBox(polygon: TPoint[], w: number, h: number): TPoint[] {
  const edges: [(p: TPoint) => number, number][] = [
    [(p) => p.x, 0],
    [(p) => -p.x, -w],
    [(p) => p.y, 0],
    [(p) => -p.y, -h],
  ];
  let out = polygon;
  for (const [value, limit] of edges) {
    const input = out;
    out = [];
    for (let i = 0; i < input.length; i++) {
      const a = input[i] as TPoint;
      const b = input[(i + 1) % input.length] as TPoint;
      const va = value(a) - limit;
      const vb = value(b) - limit;
      if (va >= 0) out.push(a);
      if (va >= 0 !== vb >= 0) {
        const t = va / (va - vb);
        out.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      }
    }
    if (out.length === 0) return out;
  }
  return out;
}

const polygonOutline = (points: TPoint[]): TOutline => ({
  start: points[0] as TPoint,
  segments: points.slice(1).map((to) => ({ kind: 'line' as const, to })),
});

/**
 * Hatching: parallel lines at `lineAngleDeg`. The picture's tone is cut into
 * `tones` bands; the lightest stays bare and band k of n-1 keeps k/(n-1) of
 * the lines (a darker band keeps every line a lighter one does), each drawn
 * wider as the band darkens. Each run of a line inside one band is one
 * filled strip, so lines are clipped at the band's edges and at the piece's.
 */
export function hatching(
  canvas: TStyleCanvas,
  options: TImageStyleOptions,
  progress?: TProgress,
): TOutline[] {
  const { widthMm: w, heightMm: h } = canvas;
  const spacing = options.spacingMm;
  const darkest = options.tones - 1;
  const angle = (options.lineAngleDeg * Math.PI) / 180;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -along.y, y: along.x };
  const corners = [
    { x: 0, y: 0 },
    { x: w, y: 0 },
    { x: 0, y: h },
    { x: w, y: h },
  ];
  const offsets = corners.map((c) => c.x * across.x + c.y * across.y);
  const reach = corners.map((c) => c.x * along.x + c.y * along.y);
  const first = Math.floor(Math.min(...offsets) / spacing);
  const last = Math.ceil(Math.max(...offsets) / spacing);
  const tStart = Math.min(...reach);
  const tEnd = Math.max(...reach);
  const step = Math.min(0.2, spacing / 2);
  const bandOf = (d: number) => Math.min(darkest, Math.floor(d * options.tones));
  // Band k's strip width: a quarter of the spacing in the lightest inked band, up to 0.6.
  const widthOf = (band: number) => spacing * (0.25 + (0.35 * band) / darkest);
  const keeps = (line: number, band: number) =>
    band > 0 && Math.floor(((line + 1) * band) / darkest) - Math.floor((line * band) / darkest) > 0;

  const outlines: TOutline[] = [];
  const strip = (offset: number, from: number, to: number, band: number) => {
    const half = widthOf(band) / 2;
    // A run shorter than the line is wide is a speck at a band's edge, not a line.
    if (to - from < 2 * half) return;
    const point = (t: number, side: number) => ({
      x: across.x * (offset + side) + along.x * t,
      y: across.y * (offset + side) + along.y * t,
    });
    const clipped = clipToBox(
      [point(from, -half), point(to, -half), point(to, half), point(from, half)],
      w,
      h,
    );
    if (clipped.length >= 3) outlines.push(polygonOutline(clipped));
  };
  for (let line = first; line <= last; line++) {
    if ((line - first) % 64 === 0) progress?.((line - first) / (last - first + 1));
    const offset = line * spacing;
    const index = line - first;
    let runStart = 0;
    let runBand = 0;
    for (let t = tStart; t <= tEnd + step; t += step) {
      const x = across.x * offset + along.x * t;
      const y = across.y * offset + along.y * t;
      const inside = x >= 0 && x <= w && y >= 0 && y <= h;
      const band = inside ? bandOf(darknessAt(canvas, x, y)) : 0;
      const kept = inside && keeps(index, band) ? band : 0;
      if (kept !== runBand) {
        if (runBand > 0) strip(offset, runStart, t - step / 2, runBand);
        runStart = t - step / 2;
        runBand = kept;
      }
    }
    if (runBand > 0) strip(offset, runStart, tEnd, runBand);
  }
  return outlines;
}

/** mulberry32: a small seeded generator, so a seed always gives the same dots. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const LLOYD_ROUNDS = 12;

/** The dot nearest each grid cell, through a bucket grid of the dots. */
function nearestFinder(xs: Float64Array, ys: Float64Array, width: number, height: number) {
  const count = xs.length;
  const cell = Math.max(1, Math.sqrt((width * height) / count));
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(height / cell);
  const heads = new Int32Array(cols * rows).fill(-1);
  const next = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const cx = Math.min(cols - 1, Math.floor((xs[i] as number) / cell));
    const cy = Math.min(rows - 1, Math.floor((ys[i] as number) / cell));
    next[i] = heads[cy * cols + cx] as number;
    heads[cy * cols + cx] = i;
  }
  return (x: number, y: number): number => {
    const cx = Math.min(cols - 1, Math.floor(x / cell));
    const cy = Math.min(rows - 1, Math.floor(y / cell));
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let ring = 0; ring < Math.max(cols, rows); ring++) {
      // A dot found in ring r may still lose to one in ring r + 1, never beyond.
      if (best >= 0 && (ring - 1) * cell > Math.sqrt(bestDistance)) break;
      for (let gy = cy - ring; gy <= cy + ring; gy++) {
        if (gy < 0 || gy >= rows) continue;
        const isEdgeRow = gy === cy - ring || gy === cy + ring;
        for (let gx = cx - ring; gx <= cx + ring; gx += isEdgeRow ? 1 : 2 * ring || 1) {
          if (gx < 0 || gx >= cols) continue;
          for (let i = heads[gy * cols + gx] as number; i >= 0; i = next[i] as number) {
            const d = ((xs[i] as number) - x) ** 2 + ((ys[i] as number) - y) ** 2;
            if (d < bestDistance) {
              bestDistance = d;
              best = i;
            }
          }
        }
      }
    }
    return best;
  };
}

/**
 * Stipple: dots whose density follows darkness. Darkness picks the starting
 * dots (a fully black piece gets `dots`), then weighted Lloyd relaxation
 * (Secord's weighted Voronoi stippling) spreads them evenly. The weight is
 * darkness squared: in 2D a centroidal Voronoi diagram packs points as the
 * square root of its weight, so the dots come out proportional to darkness.
 */
export function stipple(
  canvas: TStyleCanvas,
  options: TImageStyleOptions,
  progress?: TProgress,
): TPoint[] {
  const { values, width, height } = canvas.darkness;
  let total = 0;
  for (const value of values) total += value;
  const count = Math.round((options.dots * total) / values.length);
  if (count === 0) return [];
  const next = random(options.seed);
  const xs = new Float64Array(count);
  const ys = new Float64Array(count);
  for (let placed = 0, tries = 0; placed < count && tries < count * 10_000; tries++) {
    const x = next() * width;
    const y = next() * height;
    const value = values[Math.floor(y) * width + Math.floor(x)] as number;
    if (next() < value) {
      xs[placed] = x;
      ys[placed] = y;
      placed++;
    }
  }
  const sums = new Float64Array(count * 3);
  for (let round = 0; round < LLOYD_ROUNDS; round++) {
    progress?.(round / LLOYD_ROUNDS);
    const nearest = nearestFinder(xs, ys, width, height);
    sums.fill(0);
    for (let gy = 0; gy < height; gy++) {
      for (let gx = 0; gx < width; gx++) {
        const weight = (values[gy * width + gx] as number) ** 2;
        if (weight === 0) continue;
        const site = nearest(gx + 0.5, gy + 0.5);
        sums[site * 3] = (sums[site * 3] as number) + weight * (gx + 0.5);
        sums[site * 3 + 1] = (sums[site * 3 + 1] as number) + weight * (gy + 0.5);
        sums[site * 3 + 2] = (sums[site * 3 + 2] as number) + weight;
      }
    }
    for (let i = 0; i < count; i++) {
      const weight = sums[i * 3 + 2] as number;
      if (weight === 0) continue;
      xs[i] = (sums[i * 3] as number) / weight;
      ys[i] = (sums[i * 3 + 1] as number) / weight;
    }
  }
  // Grid cells to mm; every dot lies wholly inside the piece.
  const radius = options.dotMm / 2;
  const sx = canvas.widthMm / width;
  const sy = canvas.heightMm / height;
  const clamp = (value: number, size: number) => Math.min(size - radius, Math.max(radius, value));
  const dots: TPoint[] = [];
  for (let i = 0; i < count; i++) {
    dots.push({
      x: clamp((xs[i] as number) * sx, canvas.widthMm),
      y: clamp((ys[i] as number) * sy, canvas.heightMm),
    });
  }
  return dots;
}

/** A circle as four cubic Béziers (the usual 0.5523 handle length). */
export function circleOutline(centre: TPoint, radius: number): TOutline {
  const k = 0.5523 * radius;
  const { x, y } = centre;
  return {
    start: { x: x + radius, y },
    segments: [
      {
        kind: 'cubic',
        c1: { x: x + radius, y: y + k },
        c2: { x: x + k, y: y + radius },
        to: { x, y: y + radius },
      },
      {
        kind: 'cubic',
        c1: { x: x - k, y: y + radius },
        c2: { x: x - radius, y: y + k },
        to: { x: x - radius, y },
      },
      {
        kind: 'cubic',
        c1: { x: x - radius, y: y - k },
        c2: { x: x - k, y: y - radius },
        to: { x, y: y - radius },
      },
      {
        kind: 'cubic',
        c1: { x: x + k, y: y - radius },
        c2: { x: x + radius, y: y - k },
        to: { x: x + radius, y },
      },
    ],
  };
}
