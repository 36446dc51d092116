import { ZImageStyleOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { grayRamp, photoScene } from '../../../test/engine-images';
import { imageStyle } from './image-style.engine';
import { pixelsFor } from './laser-image.engine';
import { readPngInfo } from './png-codec';

/**
 * The local styles of image-to-image (DESIGN 5), read back from the files a
 * maker downloads: SVG in mm, PNG with its DPI, on pictures whose answer is
 * known (a black-to-white ramp, a black square on white).
 */

const options = (input: Record<string, unknown>) => ZImageStyleOptions.parse(input);

async function run(image: Buffer, input: Record<string, unknown>) {
  const result = await imageStyle(image, options(input));
  expect(result.files).toHaveLength(1);
  return result.files[0] as { filename: string; mime: string; data: Buffer };
}

type TSvg = { widthMm: number; heightMm: number; viewBox: number[]; subpaths: number[][][] };

/** The SVG's mm size, viewBox and each subpath's points (every number pair of its commands). */
function readSvg(svg: string): TSvg {
  const width = /width="([\d.]+)mm"/.exec(svg)?.[1];
  const height = /height="([\d.]+)mm"/.exec(svg)?.[1];
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1]?.split(' ').map(Number) ?? [];
  const subpaths: number[][][] = [];
  for (const [, d] of svg.matchAll(/ d="([^"]+)"/g)) {
    for (const part of (d as string).split('M').filter(Boolean)) {
      expect(part.endsWith('Z')).toBe(true);
      const numbers = part
        .replace(/[LCQZ]/g, ' ')
        .trim()
        .split(/\s+/)
        .map(Number);
      const points: number[][] = [];
      for (let i = 0; i + 1 < numbers.length; i += 2)
        points.push([numbers[i], numbers[i + 1]] as number[]);
      subpaths.push(points);
    }
  }
  expect(svg).not.toMatch(/<text|<image/);
  return { widthMm: Number(width), heightMm: Number(height), viewBox, subpaths };
}

const area = (points: number[][]) => {
  let sum = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i] as [number, number];
    const [x2, y2] = points[(i + 1) % points.length] as [number, number];
    sum += x1 * y2 - x2 * y1;
  }
  return Math.abs(sum) / 2;
};
const meanX = (points: number[][]) =>
  points.reduce((sum, [x]) => sum + (x as number), 0) / points.length;

/** A black square (the middle half) on white, 200 × 200 px. */
const blackSquare = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><rect width="200" height="200" fill="#fff"/><rect x="50" y="50" width="100" height="100" fill="#000"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** Ramp columns, darkest first: the ramp is black at x = 0 and white at the right. */
const BANDS = 5;

describe('image-to-image local styles (DESIGN 5)', () => {
  it('hatching: an SVG of the asked mm width whose ink grows with darkness, band by band', async () => {
    const ramp = await grayRamp(500, 100);
    const file = await run(ramp, {
      style: 'hatching',
      widthMm: 100,
      spacingMm: 1,
      lineAngleDeg: 0,
      tones: BANDS,
    });
    expect(file.mime).toBe('image/svg+xml');
    const svg = readSvg(file.data.toString('utf8'));
    expect(svg.widthMm).toBe(100);
    expect(svg.heightMm).toBe(20);
    expect(svg.viewBox).toEqual([0, 0, 100, 20]);
    // Horizontal lines cross the ramp: strips are cut at each tone band's edges.
    const bandWidth = 100 / BANDS;
    const strips = new Array<number>(BANDS).fill(0);
    const ink = new Array<number>(BANDS).fill(0);
    for (const points of svg.subpaths) {
      for (const [x, y] of points) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(100);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(20);
      }
      const band = Math.min(BANDS - 1, Math.floor(meanX(points) / bandWidth));
      strips[band] = (strips[band] as number) + 1;
      ink[band] = (ink[band] as number) + area(points);
      // A strip lies within one band (give or take one 0.2 mm sample).
      const xs = points.map(([x]) => x as number);
      expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(bandWidth + 0.5);
    }
    // The lightest band is bare paper; each darker band has more lines and more ink.
    expect(strips[BANDS - 1]).toBe(0);
    for (let band = 0; band < BANDS - 1; band++) {
      expect(strips[band]).toBeGreaterThan(strips[band + 1] as number);
      expect(ink[band]).toBeGreaterThan(ink[band + 1] as number);
    }
    // The darkest band: a line every 1 mm from 0 to 20 mm (the two at the
    // borders cut in half), 0.6 mm wide -> 60% ink.
    expect(strips[0]).toBe(21);
    expect((ink[0] as number) / (bandWidth * 20)).toBeCloseTo(0.6, 1);
  });

  it('stipple: dots inside the mm box, more where darker, the same for the same seed', async () => {
    const ramp = await grayRamp(400, 100);
    const input = { style: 'stipple', widthMm: 80, dotMm: 0.4, dots: 3000, seed: 7 };
    const file = await run(ramp, input);
    const text = file.data.toString('utf8');
    const svg = readSvg(text);
    expect(svg.widthMm).toBe(80);
    expect(svg.heightMm).toBe(20);
    const radius = 0.2;
    const counts = new Array<number>(BANDS).fill(0);
    for (const points of svg.subpaths) {
      // Each dot is a circle of 4 cubic Béziers starting at its rightmost point.
      const [sx, sy] = points[0] as [number, number];
      const cx = sx - radius;
      expect(cx - radius).toBeGreaterThanOrEqual(-0.001);
      expect(cx + radius).toBeLessThanOrEqual(80.001);
      expect(sy - radius).toBeGreaterThanOrEqual(-0.001);
      expect(sy + radius).toBeLessThanOrEqual(20.001);
      const band = Math.min(BANDS - 1, Math.floor(cx / (80 / BANDS)));
      counts[band] = (counts[band] as number) + 1;
    }
    // Half the ramp is ink, so about half of the 3000 dots a black piece would get.
    expect(svg.subpaths.length).toBeGreaterThan(1300);
    expect(svg.subpaths.length).toBeLessThan(1700);
    for (let band = 0; band < BANDS - 1; band++) {
      expect(counts[band]).toBeGreaterThan(counts[band + 1] as number);
    }
    // Darkness per band is 0.9, 0.7, 0.5, 0.3, 0.1: the counts follow within 25%.
    const total = counts.reduce((a, b) => a + b, 0);
    counts.forEach((count, band) => {
      const expected = (total * (0.9 - 0.2 * band)) / 2.5;
      expect(Math.abs(count - expected)).toBeLessThan(expected * 0.25 + 10);
    });
    expect((await run(ramp, input)).data.toString('utf8')).toBe(text);
    expect((await run(ramp, { ...input, seed: 8 })).data.toString('utf8')).not.toBe(text);
  });

  it('line drawing: ink along a black square’s edges, none inside or outside, DPI read back', async () => {
    const dpi = 254;
    const file = await run(await blackSquare(), {
      style: 'line_drawing',
      widthMm: 40,
      dpi,
      lineMm: 0.4,
    });
    expect(file.mime).toBe('image/png');
    const info = readPngInfo(file.data);
    const side = pixelsFor(40, dpi);
    expect(info).toMatchObject({ width: side, height: side, dpi, bitDepth: 1 });
    const { data } = await sharp(file.data).toColourspace('b-w').raw().toBuffer({
      resolveWithObject: true,
    });
    const isInk = (x: number, y: number) => (data[y * side + x] as number) < 128;
    // The square spans 1/4..3/4 of the picture; 1 mm is 10 px at 254 DPI.
    const lo = side / 4;
    const hi = (side * 3) / 4;
    const mm = dpi / 25.4;
    let inkNearEdges = 0;
    let inkElsewhere = 0;
    for (let y = 0; y < side; y++) {
      for (let x = 0; x < side; x++) {
        if (!isInk(x, y)) continue;
        const inside = x > lo && x < hi && y > lo && y < hi;
        const toEdge = inside
          ? Math.min(x - lo, hi - x, y - lo, hi - y)
          : Math.max(lo - x, x - hi, lo - y, y - hi);
        if (toEdge <= mm) inkNearEdges++;
        else inkElsewhere++;
      }
    }
    expect(inkElsewhere).toBe(0);
    // Every edge is drawn: each row and column through the square crosses two lines.
    for (const at of [lo + 5 * mm, side / 2, hi - 5 * mm].map(Math.round)) {
      let row = 0;
      let column = 0;
      for (let i = 0; i < side; i++) {
        if (isInk(i, at)) row++;
        if (isInk(at, i)) column++;
      }
      expect(row).toBeGreaterThanOrEqual(2);
      expect(column).toBeGreaterThanOrEqual(2);
      expect(row).toBeLessThanOrEqual(2 * 2 * mm);
    }
    // Four edges of 20 mm, lines 0.4 mm wide: about 32 mm² of ink.
    expect(inkNearEdges / mm ** 2).toBeGreaterThan(20);
    expect(inkNearEdges / mm ** 2).toBeLessThan(50);
  });

  it('posterise: at most N colours with dark outlines, at the source’s DPI or 300', async () => {
    const scene = await photoScene(240, 160);
    for (const colors of [3, 6]) {
      const file = await run(scene.png, { style: 'posterize', widthMm: 30, colors });
      const info = readPngInfo(file.data);
      // 30 mm at 300 DPI (DESIGN 5's default) is 354 pixels.
      expect(info).toMatchObject({ dpi: 300, width: 354 });
      const { data, info: raw } = await sharp(file.data).removeAlpha().raw().toBuffer({
        resolveWithObject: true,
      });
      const seen = new Set<number>();
      for (let i = 0; i < data.length; i += raw.channels) {
        seen.add(
          ((data[i] as number) << 16) | ((data[i + 1] as number) << 8) | (data[i + 2] as number),
        );
      }
      expect(seen.size).toBeLessThanOrEqual(colors);
      expect(seen.size).toBeGreaterThanOrEqual(2);
      // The outline colour is there.
      expect(seen.has((24 << 16) | (24 << 8) | 24)).toBe(true);
    }
    // A source that declares 150 DPI keeps it when no DPI is asked for.
    const at150 = await sharp(scene.png).withMetadata({ density: 150 }).png().toBuffer();
    const file = await run(at150, { style: 'posterize', widthMm: 30, colors: 4 });
    expect(readPngInfo(file.data)).toMatchObject({ dpi: 150, width: pixelsFor(30, 150) });
    expect((await sharp(file.data).metadata()).density).toBe(150);
  });

  it('posterise: a palette PNG whose flat regions keep their own colours, outlines between them', async () => {
    // Three flat blocks side by side, each 100 × 120 px: their colours are the answer.
    const blocks: [number, number, number][] = [
      [200, 40, 40],
      [30, 140, 150],
      [240, 210, 60],
    ];
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120">' +
      blocks
        .map(
          ([r, g, b], k) =>
            `<rect x="${k * 100}" width="100" height="120" fill="rgb(${r},${g},${b})"/>`,
        )
        .join('') +
      '</svg>';
    const source = await sharp(Buffer.from(svg)).png().toBuffer();
    for (const outlines of [false, true]) {
      const colors = outlines ? 4 : 3;
      const file = await run(source, { style: 'posterize', widthMm: 30, colors, outlines });
      // An indexed PNG (colour type 3) with no more inks than asked for (DESIGN 5, UV printing).
      const info = readPngInfo(file.data);
      expect(info).toMatchObject({ colorType: 3, paletteSize: colors, dpi: 300 });
      const { data, info: raw } = await sharp(file.data).removeAlpha().raw().toBuffer({
        resolveWithObject: true,
      });
      const rgbAt = (x: number, y: number) => {
        const i = (Math.round(y) * raw.width + Math.round(x)) * raw.channels;
        return [data[i], data[i + 1], data[i + 2]] as number[];
      };
      const third = raw.width / 3;
      blocks.forEach((colour, k) => {
        // Inside each block, well away from its edges, its own colour (rounding aside).
        for (const [fx, fy] of [
          [0.5, 0.5],
          [0.25, 0.3],
          [0.75, 0.7],
        ] as const) {
          const got = rgbAt((k + fx) * third, fy * raw.height);
          got.forEach((value, c) => {
            expect(Math.abs(value - (colour[c] as number))).toBeLessThanOrEqual(2);
          });
        }
      });
      // At each seam the dark outline, only when asked for: red meets teal of
      // about the same brightness, teal meets the much lighter yellow.
      for (const k of [1, 2]) {
        const seam = Array.from({ length: 7 }, (_, d) =>
          rgbAt(k * third + d - 3, raw.height / 2).join(),
        );
        expect(seam.includes('24,24,24'), `seam ${k}`).toBe(outlines);
      }
    }
  });

  it('reports its progress as it goes (SPEC 4): stipple per relaxation round, hatching per lines', async () => {
    const ramp = await grayRamp(300, 100);
    for (const style of ['stipple', 'hatching'] as const) {
      const reports: number[] = [];
      await imageStyle(ramp, options({ style, widthMm: 60, spacingMm: 0.2 }), (f) =>
        reports.push(f),
      );
      expect(reports.length).toBeGreaterThanOrEqual(style === 'stipple' ? 12 : 4);
      expect(reports).toEqual([...reports].sort((a, b) => a - b));
      expect(reports.every((f) => f >= 0 && f <= 1)).toBe(true);
    }
  });

  it('refuses a blank picture for the vector styles (nothing to draw)', async () => {
    const white = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    await expect(imageStyle(white, options({ style: 'stipple' }))).rejects.toMatchObject({
      reason: 'badParameters',
    });
  });
});
