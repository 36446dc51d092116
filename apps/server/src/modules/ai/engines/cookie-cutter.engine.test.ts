import { ZCookieCutterOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  countBodies,
  flatAreaAt,
  inspectMesh,
  readBinaryStl,
  type TIndexedMesh,
} from '../../../test/mesh-checks';
import type { TAiResult } from '../ai-engine';
import { cookieCutter } from './cookie-cutter.engine';

/**
 * Shape-level checks of the cookie cutter (DESIGN 5): one closed wall of the
 * chosen thickness that follows the silhouette's outline, on inputs whose
 * answer is known.
 */

const stlOf = (result: TAiResult) => {
  const found = result.files.find((file) => file.filename.endsWith('.stl'));
  if (!found) throw new Error('no .stl file');
  return readBinaryStl(found.data);
};

type TPoint = [number, number];

const picture = (width: number, height: number, body: string) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#fff"/>${body}</svg>`,
    ),
  )
    .png()
    .toBuffer();

/** A horse-ish silhouette: body, neck and head, legs and a tail; concave notches, thin parts. */
const HORSE: TPoint[] = [
  [60, 150],
  [70, 110],
  [110, 95],
  [200, 95],
  [245, 60],
  [260, 30],
  [290, 35],
  [305, 55],
  [285, 62],
  [270, 95],
  [255, 130],
  [250, 200],
  [232, 200],
  [228, 145],
  [150, 145],
  [130, 200],
  [112, 200],
  [108, 150],
  [95, 140],
  [85, 175],
  [66, 190],
];

/** Distance from p to the polygon's outline, negative inside (even-odd rule). */
function signedDistance(polygon: TPoint[], [x, y]: TPoint): number {
  let best = Number.POSITIVE_INFINITY;
  let inside = false;
  for (let k = 0; k < polygon.length; k++) {
    const [ax, ay] = polygon[k] as TPoint;
    const [bx, by] = polygon[(k + 1) % polygon.length] as TPoint;
    const dx = bx - ax;
    const dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy));
    if (ay > y !== by > y && x < ax + ((y - ay) / (by - ay)) * dx) inside = !inside;
  }
  return inside ? -best : best;
}

/** Whether p lies on an upward triangle of the mesh at height z (seen from above). */
function onTopAt({ positions: p, indices: t }: TIndexedMesh, z: number, [x, y]: TPoint) {
  for (let k = 0; k < t.length; k += 3) {
    const v = [(t[k] as number) * 3, (t[k + 1] as number) * 3, (t[k + 2] as number) * 3];
    if (v.some((i) => Math.abs((p[i + 2] as number) - z) > 1e-3)) continue;
    const side = (i: number, j: number) =>
      ((p[j] as number) - (p[i] as number)) * (y - (p[i + 1] as number)) -
      ((p[j + 1] as number) - (p[i + 1] as number)) * (x - (p[i] as number));
    const [a, b, c] = v as [number, number, number];
    if (side(a, b) >= 0 && side(b, c) >= 0 && side(c, a) >= 0) return true;
  }
  return false;
}

describe('cookie cutter shapes (DESIGN 5)', () => {
  it('a disc gives one annulus: the wall footprint has the area of the ring around it', async () => {
    const options = ZCookieCutterOptions.parse({ widthMm: 60, heightMm: 12, flangeWidthMm: 0 });
    const stl = stlOf(
      await cookieCutter(await picture(400, 400, '<circle cx="200" cy="200" r="150"/>'), options),
    );
    const report = inspectMesh(stl);
    expect(report.badEdges).toBe(0);
    expect(countBodies(stl)).toBe(1);
    // The cutter is 60 mm across the outside of the wall: the disc is 60 - 2 × 0.8 mm wide.
    const w = options.wallMm;
    const r = (options.widthMm - 2 * w) / 2;
    const ring = Math.PI * ((r + w) ** 2 - r ** 2);
    expect(Math.abs(flatAreaAt(stl, 12) - ring)).toBeLessThan(ring * 0.1);
    expect(Math.abs(report.size[0] - 60)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(report.size[1] - 60)).toBeLessThanOrEqual(0.3);
  });

  it('an irregular silhouette gives one connected wall within ±0.5 mm of its outline', async () => {
    const points = HORSE.map(([x, y]) => `${x},${y}`).join(' ');
    const options = ZCookieCutterOptions.parse({ widthMm: 80, heightMm: 12, flangeWidthMm: 0 });
    const result = await cookieCutter(
      await picture(360, 240, `<polygon points="${points}"/>`),
      options,
    );
    const stl = stlOf(result);
    const report = inspectMesh(stl);
    expect(report.badEdges).toBe(0);
    expect(countBodies(stl)).toBe(1);
    // Millimetres back to the drawing: the outline spans the cutter less a wall each side.
    const w = options.wallMm;
    const xs = HORSE.map(([x]) => x);
    const ys = HORSE.map(([, y]) => y);
    const minX = Math.min(...xs);
    const maxY = Math.max(...ys);
    const scale = (report.size[0] - 2 * w) / (Math.max(...xs) - minX);
    // The cutter's y runs up the drawing (rows run down the picture): its y = 0 is the bottom.
    const toDrawing = (x: number, y: number): TPoint => [
      minX + (x - w) / scale,
      maxY - (y - w) / scale,
    ];
    const p = stl.positions;
    let outside = 0;
    let tops = 0;
    for (let v = 0; v < p.length; v += 3) {
      if (Math.abs((p[v + 2] as number) - 12) > 1e-3) continue;
      tops++;
      const d = signedDistance(HORSE, toDrawing(p[v] as number, p[v + 1] as number)) * scale;
      // Every corner of the wall's top between the outline and the outline pushed out by the wall.
      if (d < -0.5 || d > w + 0.5) outside++;
    }
    expect(tops).toBeGreaterThan(100);
    expect(outside).toBe(0);
    // And the wall runs all the way round: the middle of the wall band is on the wall's top.
    let gaps = 0;
    for (let k = 0; k < HORSE.length; k++) {
      const [ax, ay] = HORSE[k] as TPoint;
      const [bx, by] = HORSE[(k + 1) % HORSE.length] as TPoint;
      const length = Math.hypot(bx - ax, by - ay);
      // Outward normal of a clockwise-on-screen polygon, checked by its sign.
      let [nx, ny] = [(by - ay) / length, -(bx - ax) / length];
      const mid: TPoint = [(ax + bx) / 2 + nx, (ay + by) / 2 + ny];
      if (signedDistance(HORSE, mid) < 0) [nx, ny] = [-nx, -ny];
      for (let s = 0.2; s <= 0.8; s += 0.2) {
        const offset = w / 2 / scale;
        const x = ax + s * (bx - ax) + nx * offset;
        const y = ay + s * (by - ay) + ny * offset;
        if (!onTopAt(stl, 12, [(x - minX) * scale + w, (maxY - y) * scale + w])) gaps++;
      }
    }
    expect(gaps).toBe(0);
  });
});
