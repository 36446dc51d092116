import { ZLithophaneOptions, ZRelief3dOptions } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { photoScene } from '../../../test/engine-images';
import { inspectMesh, readBinaryStl, topHeightsAt } from '../../../test/mesh-checks';
import type { TAiResult } from '../ai-engine';
import { lithophane, relief3d } from './mesh.engine';
import { SURFACE_TOLERANCE_MM } from './mesh-simplify';
import { gridSolid, simplifiedGridSolid, type TGridSolidInput } from './mesh-solid';
import { writeStl } from './mesh-writers';

/**
 * Simplified meshes (DESIGN 5): smaller files whose surface stays within
 * 0.05 mm of the full-detail one, closed, with exact sizes in millimetres.
 */

const stlOf = (result: TAiResult) => {
  const found = result.files.find((file) => file.filename.endsWith('.stl'));
  if (!found) throw new Error('no .stl file');
  return found.data;
};

/** A binary STL whose size matches its triangle count: 80-byte header, count, 50 bytes each. */
const expectBinaryStl = (data: Buffer) => {
  expect(data.length).toBe(84 + data.readUInt32LE(80) * 50);
  expect(data.subarray(0, 5).toString('ascii')).not.toBe('solid');
};

describe('mesh simplification (DESIGN 5)', () => {
  it('keeps every sample of a height field within 0.05 mm, closed and exactly sized', async () => {
    // 200 × 150 samples 0.5 mm apart: a flat plateau, a ramp, a dome, fine ripples and,
    // past y = 55 mm, a photo's grain (up to 0.2 mm), where the simplifier's own error
    // estimate lets samples stray and only the measuring passes keep them in.
    const columns = 200;
    const rows = 150;
    const step = 0.5;
    const grain = (i: number, j: number) => {
      const s = Math.sin(i * 12.9898 + j * 78.233) * 43758.5453;
      return s - Math.floor(s);
    };
    const height = (i: number, j: number) => {
      const x = i * step;
      const y = j * step;
      let z = 2;
      if (x > 60) z += ((x - 60) / 40) * 3;
      const d = Math.hypot(x - 30, y - 35);
      if (d < 20) z += Math.sqrt(400 - d * d) / 10;
      if (y < 15) z += 0.4 * Math.sin(x * 1.3) * Math.sin(y * 0.9);
      if (y > 55) z += 0.2 * grain(i, j);
      return z;
    };
    const input: TGridSolidInput = {
      columns,
      rows,
      isBottomFlat: true,
      top: (i, j) => [i * step, j * step, height(i, j)],
      bottom: (i, j) => [i * step, j * step, 0],
    };
    const full = readBackStl(gridSolid(input));
    const reports: number[] = [];
    const simple = readBackStl(await simplifiedGridSolid(input, (f) => reports.push(f)));
    // Progress (SPEC 4): the grid built, then each pass of the simplifier, always forwards.
    expect(reports.length).toBeGreaterThanOrEqual(2);
    expect(reports).toEqual([...reports].sort((a, b) => a - b));
    expect(Math.max(...reports)).toBeLessThanOrEqual(1);
    const report = inspectMesh(simple);
    expect(report.badEdges).toBe(0);
    expect(report.degenerate).toBe(0);
    // The grainy quarter keeps most of its samples; the smooth rest merges.
    expect(report.triangles).toBeLessThan(inspectMesh(full).triangles / 2);
    expect(report.size).toEqual(inspectMesh(full).size);
    // The height over every sample, read back from the simplified STL, against the formula.
    const points: [number, number][] = [];
    for (let j = 0; j < rows; j++)
      for (let i = 0; i < columns; i++) points.push([i * step, j * step]);
    const heights = topHeightsAt(simple, points);
    let worst = 0;
    points.forEach((_, k) => {
      const off = Math.abs((heights[k] as number) - height(k % columns, Math.floor(k / columns)));
      // Math.max keeps a NaN (no top over the sample), which fails the bound.
      worst = Math.max(worst, off);
    });
    expect(worst).toBeLessThanOrEqual(SURFACE_TOLERANCE_MM);
  });

  it('a default 100 mm relief of a photo is a binary STL of at most 5 MB, closed, true to size', async () => {
    const { png } = await photoScene(1024, 768);
    const options = ZRelief3dOptions.parse({ widthMm: 100 });
    const data = stlOf(await relief3d(png, options));
    expectBinaryStl(data);
    expect(data.length).toBeLessThanOrEqual(5_000_000);
    const report = inspectMesh(readBinaryStl(data));
    expect(report.badEdges).toBe(0);
    expect(report.degenerate).toBe(0);
    // 400 × 300 samples: 100 mm by 100 · 299/399 mm, base 2 + relief 3 mm.
    expect(report.size[0]).toBeCloseTo(100, 4);
    expect(report.size[1]).toBeCloseTo((100 * 299) / 399, 4);
    expect(report.size[2]).toBeCloseTo(5, 4);
  });

  it('a default lithophane is smaller than the full grid and keeps its thickness range', async () => {
    const { png } = await photoScene(800, 800);
    const data = stlOf(await lithophane(png, ZLithophaneOptions.parse({ widthMm: 100 })));
    expectBinaryStl(data);
    // The full 400 × 400 grid: 2·399² top triangles, 4·399·2 walls and the bottom strips.
    expect(data.readUInt32LE(80)).toBeLessThan(2 * 399 * 399);
    const report = inspectMesh(readBinaryStl(data));
    expect(report.badEdges).toBe(0);
    expect(report.size[0]).toBeCloseTo(100, 4);
    expect(report.size[2]).toBeCloseTo(3, 4);
  });

  it('a default curved lithophane is closed, its inner face within 0.05 mm of its cylinder', async () => {
    const { png } = await photoScene(800, 600);
    const options = ZLithophaneOptions.parse({ widthMm: 100, shape: 'curved' });
    const stl = readBinaryStl(stlOf(await lithophane(png, options)));
    // Every edge met once each way: no four triangles on one edge, which a slicer refuses.
    expect(inspectMesh(stl).badEdges).toBe(0);
    // The inner face is an arc of `widthMm` over `angleDeg` (120 by default) round an upright
    // axis; its two ends lie on the least y, the axis halfway between them.
    const angle = (options.angleDeg * Math.PI) / 180;
    const radius = options.widthMm / angle;
    const p = stl.positions;
    const ends: number[] = [];
    for (let v = 0; v < p.length; v += 3)
      if ((p[v + 1] as number) < 1e-4) ends.push(p[v] as number);
    const [x0, y0] = [(Math.min(...ends) + Math.max(...ends)) / 2, -radius * Math.cos(angle / 2)];
    const fromAxis = (x: number, y: number) => Math.hypot(x - x0, y - y0);
    let inner = 0;
    let worst = 0;
    for (let k = 0; k < stl.indices.length; k += 3) {
      const v = [0, 1, 2].map((e) => (stl.indices[k + e] as number) * 3);
      if (v.some((i) => Math.abs(fromAxis(p[i] as number, p[i + 1] as number) - radius) > 1e-3)) {
        continue;
      }
      inner++;
      // Points across the triangle: a chord spanning too much of the arc sags inwards.
      for (let a = 0; a <= 4; a++) {
        for (let b = 0; a + b <= 4; b++) {
          const [wa, wb, wc] = [a / 4, b / 4, 1 - (a + b) / 4];
          const at = (axisIndex: number) =>
            wa * (p[(v[0] as number) + axisIndex] as number) +
            wb * (p[(v[1] as number) + axisIndex] as number) +
            wc * (p[(v[2] as number) + axisIndex] as number);
          worst = Math.max(worst, radius - fromAxis(at(0), at(1)));
        }
      }
    }
    expect(inner).toBeGreaterThan(50);
    expect(worst).toBeLessThanOrEqual(SURFACE_TOLERANCE_MM);
  });
});

const readBackStl = (solid: Parameters<typeof writeStl>[0]) =>
  readBinaryStl(writeStl(solid, 'test'));
