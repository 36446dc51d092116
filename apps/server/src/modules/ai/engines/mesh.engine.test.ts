import { ZCookieCutterOptions, ZLithophaneOptions, ZRelief3dOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { engineContext as context, expectEngineError } from '../../../test/engine-checks';
import { grayRamp, logoArt, photoScene, pngHeaderClaiming } from '../../../test/engine-images';
import { countBodies, inspectMesh, readBinaryStl } from '../../../test/mesh-checks';
import type { TAiEngine, TAiResult } from '../ai-engine';
import { cookieCutter } from './cookie-cutter.engine';
import { createLocalEngines } from './local-engines';
import { lithophane, relief3d } from './mesh.engine';
import { bandHeights, expectSolid, file, greySteps } from './mesh.engine.test-helpers';

describe('relief (DESIGN 5)', () => {
  it('rises from a solid base to the requested height: closed, outward, sized in mm', async () => {
    const options = ZRelief3dOptions.parse({
      widthMm: 80,
      reliefMm: 4,
      baseMm: 2,
      resolution: 100,
    });
    const result = await relief3d(await grayRamp(200, 100), options);
    const stl = await expectSolid(result, [80, (49 * 80) / 99, 6]);
    // Between a flat base-only slab and a full-height block: the ramp's wedge.
    const depth = (49 * 80) / 99;
    expect(stl.volume).toBeGreaterThan(80 * depth * 2 + 80 * depth * 4 * 0.4);
    expect(stl.volume).toBeLessThan(80 * depth * 2 + 80 * depth * 4 * 0.6);
  });

  it('stands each grey at its own height: base + relief × darkness, within 0.05 mm', async () => {
    const options = ZRelief3dOptions.parse({
      widthMm: 80,
      reliefMm: 4,
      baseMm: 2,
      resolution: 200,
      smoothing: 0,
    });
    const heights = await bandHeights(await relief3d(await greySteps(), options), 80);
    [6, 2 + 4 * (2 / 3), 2 + 4 * (1 / 3), 2].forEach((want, k) => {
      expect(Math.abs((heights[k] as number) - want), `band ${k}`).toBeLessThanOrEqual(0.05);
    });
  });

  it('inverting raises the other side: the volume of ink and paper swap', async () => {
    const art = await logoArt(120, 120);
    const base = ZRelief3dOptions.parse({
      widthMm: 50,
      reliefMm: 5,
      baseMm: 1,
      resolution: 60,
      smoothing: 0,
    });
    const plain = inspectMesh(readBinaryStl(file(await relief3d(art, base), 'stl')));
    const inverted = inspectMesh(
      readBinaryStl(file(await relief3d(art, { ...base, invert: true }), 'stl')),
    );
    const slab = 50 * 50 * 1;
    const full = 50 * 50 * 5;
    // Ink covers well under half the logo: the plain relief holds less than the inverted one.
    expect(plain.volume - slab).toBeLessThan(full / 2);
    expect(inverted.volume - slab).toBeGreaterThan(full / 2);
    expect(plain.volume - slab + (inverted.volume - slab)).toBeCloseTo(full, -2);
  });

  it('with background removal first, the background stays at the bare base', async () => {
    const { png } = await photoScene(240, 160);
    const options = ZRelief3dOptions.parse({
      widthMm: 60,
      baseMm: 2,
      reliefMm: 4,
      resolution: 120,
      smoothing: 0,
    });
    const highestAtLeftEdge = (result: TAiResult) => {
      const { positions } = readBinaryStl(file(result, 'stl'));
      let highest = 0;
      for (let v = 0; v < positions.length; v += 3) {
        if ((positions[v] as number) < 1) highest = Math.max(highest, positions[v + 2] as number);
      }
      return highest;
    };
    const plain = await relief3d(png, options);
    const cut = await relief3d(png, { ...options, removeBackground: true });
    await expectSolid(cut, [60, (79 * 60) / 119, 6]);
    // The scene's left edge is background: raised by its tone without removal, flat with it.
    expect(highestAtLeftEdge(plain)).toBeGreaterThan(2.2);
    expect(highestAtLeftEdge(cut)).toBeCloseTo(2, 2);
    // Loads and runs the segmentation model (as remove-background.engine.test.ts allows).
  }, 60_000);

  it('downsamples a big picture to the resolution bound', async () => {
    const big = await sharp({
      create: { width: 3000, height: 1500, channels: 3, background: '#888' },
    })
      .composite([{ input: await grayRamp(1500, 1500), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const options = ZRelief3dOptions.parse({ widthMm: 100, resolution: 64 });
    const stl = await expectSolid(await relief3d(big, options), [100, (31 * 100) / 63, 5]);
    // 64 × 32 samples at most: top 2·63·31 triangles, walls 2·188, flat bottom 2·61 + 2·32.
    expect(stl.triangles).toBeLessThanOrEqual(2 * 63 * 31 + 2 * 188 + 2 * 61 + 2 * 32);
  });
});

describe('lithophane (DESIGN 5)', () => {
  it('flat: thickness between the min and max, with a frame at full thickness', async () => {
    const options = ZLithophaneOptions.parse({
      widthMm: 60,
      minThicknessMm: 0.8,
      maxThicknessMm: 3.2,
      frameMm: 3,
      resolution: 80,
    });
    const result = await lithophane(await logoArt(160, 160), options);
    const stl = await expectSolid(result, [60, 60, 3.2]);
    expect(stl.volume).toBeGreaterThan(60 * 60 * 0.8);
    expect(stl.volume).toBeLessThan(60 * 60 * 3.2);
  });

  it('makes each grey its own thickness: min + (max − min) × darkness, within 0.05 mm', async () => {
    const options = ZLithophaneOptions.parse({
      widthMm: 100,
      minThicknessMm: 0.8,
      maxThicknessMm: 3.2,
      resolution: 200,
    });
    const heights = await bandHeights(await lithophane(await greySteps(), options), 100);
    [3.2, 0.8 + 2.4 * (2 / 3), 0.8 + 2.4 * (1 / 3), 0.8].forEach((want, k) => {
      expect(Math.abs((heights[k] as number) - want), `band ${k}`).toBeLessThanOrEqual(0.05);
    });
  });

  it('positive and negative swap thick and thin', async () => {
    const art = await logoArt(100, 100);
    const options = ZLithophaneOptions.parse({ widthMm: 40, resolution: 50 });
    const positive = inspectMesh(readBinaryStl(file(await lithophane(art, options), 'stl')));
    const negative = inspectMesh(
      readBinaryStl(file(await lithophane(art, { ...options, polarity: 'negative' }), 'stl')),
    );
    // Mostly white paper: thin as a positive, thick as a negative.
    expect(negative.volume).toBeGreaterThan(positive.volume * 1.5);
  });

  it('curved: a cylinder section of the given angle standing on its edge', async () => {
    const options = ZLithophaneOptions.parse({
      widthMm: 90,
      shape: 'curved',
      angleDeg: 120,
      minThicknessMm: 1,
      maxThicknessMm: 3,
      resolution: 60,
    });
    const result = await lithophane(await grayRamp(120, 80), options);
    const angle = (120 * Math.PI) / 180;
    const radius = 90 / angle;
    // The chord is set by the outer face at the thick (dark, left) end and the inner face elsewhere.
    const height = (39 * 90) / 59;
    const stl = inspectMesh(readBinaryStl(file(result, 'stl')));
    expect(stl.badEdges).toBe(0);
    expect(stl.degenerate).toBe(0);
    expect(Math.abs(stl.size[2] - height)).toBeLessThanOrEqual(0.1);
    expect(stl.size[0]).toBeGreaterThan(2 * radius * Math.sin(angle / 2));
    expect(stl.size[0]).toBeLessThan(2 * (radius + 3) * Math.sin(angle / 2));
    // Volume of the shell: arc area between the radii times the height, thickness 1..3 mm.
    expect(stl.volume).toBeGreaterThan(90 * height * 1);
    expect(stl.volume).toBeLessThan((radius + 3) * angle * height * 3);
    await expectSolid(result, stl.size);
  });

  it('refuses a frame wider than the panel', async () => {
    const options = ZLithophaneOptions.parse({ widthMm: 20, frameMm: 12, resolution: 40 });
    await expectEngineError(lithophane(await logoArt(80, 80), options), 'badParameters', /frame/);
  });
});

describe('mesh engines behind the job interface, in worker threads', () => {
  const engines = createLocalEngines();
  const engine = (kind: string) => engines.find((e) => e.kind === kind) as TAiEngine;

  it('builds a relief in a worker and passes the SPEC 4 stages', async () => {
    const { ctx, stages } = context({ '/files/a.png': await logoArt(200, 100) });
    const result = await engine('relief_3d').run(
      { imageUrl: '/files/a.png', widthMm: 70, reliefMm: 3, baseMm: 1.5, resolution: 120 },
      ctx,
    );
    await expectSolid(result, [70, (59 * 70) / 119, 4.5]);
    expect(stages).toEqual(['loading_components', 'generating_mesh', 'saving']);
  });

  it('ends bad input with a clear AiEngineError, never a crash', async () => {
    const corrupt = (await logoArt(64, 64)).subarray(0, 200);
    const { ctx } = context({
      '/files/text.png': Buffer.from('not a picture at all'),
      '/files/corrupt.png': corrupt,
      '/files/huge.png': pngHeaderClaiming(10_000, 8_000),
    });
    const relief = engine('relief_3d');
    await expectEngineError(
      relief.run({ imageUrl: '/files/text.png' }, ctx),
      'badParameters',
      /not a picture/,
    );
    await expectEngineError(
      relief.run({ imageUrl: '/files/corrupt.png' }, ctx),
      'badParameters',
      /damaged|not a picture/,
    );
    await expectEngineError(
      engine('lithophane').run({ imageUrl: '/files/huge.png' }, ctx),
      'badParameters',
      /80\.0 megapixels/,
    );
    await expectEngineError(
      relief.run({ imageUrl: '/files/missing.png' }, ctx),
      'badParameters',
      /cannot be read/,
    );
    await expectEngineError(
      engine('lithophane').run(
        { imageUrl: '/files/text.png', minThicknessMm: 3, maxThicknessMm: 2 },
        ctx,
      ),
      'badParameters',
      /maxThicknessMm/,
    );
  });

  it('stops when the job is cancelled', async () => {
    const controller = new AbortController();
    const { ctx } = context({ '/files/a.png': await grayRamp(1000, 1000) }, controller.signal);
    const running = engine('relief_3d').run({ imageUrl: '/files/a.png', resolution: 1000 }, ctx);
    setImmediate(() => controller.abort(new Error('cancelled by the user')));
    await expect(running).rejects.toThrow('cancelled by the user');
  });
});

const svgShape = (body: string) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">${body}</svg>`,
  );

describe('cookie cutter (issue: local image-to-3D)', () => {
  it('walls a silhouette with a flange: closed, outward, as wide and tall as asked', async () => {
    // A heart-like blob with a notch and a thin neck: concave parts and corners.
    const picture = await sharp(
      svgShape(
        '<rect width="300" height="200" fill="#fff"/>' +
          '<path d="M150 180 L40 80 A50 50 0 0 1 150 60 A50 50 0 0 1 260 80 Z" fill="#111"/>' +
          '<rect x="140" y="20" width="20" height="50" fill="#111"/>',
      ),
    )
      .png()
      .toBuffer();
    const options = ZCookieCutterOptions.parse({ widthMm: 80, heightMm: 12, resolution: 200 });
    const result = await cookieCutter(picture, options);
    const stl = await expectSolid(result, [80, null, 12]);
    // The heart is wider than tall; the cutter keeps the proportions.
    expect(stl.size[1]).toBeGreaterThan(40);
    expect(stl.size[1]).toBeLessThan(80);
    // A ring, not a slab: far less material than the filled outline would take.
    expect(stl.volume).toBeLessThan(80 * (stl.size[1] as number) * 12 * 0.25);
    const zs = new Set(readBinaryStl(file(result, 'stl')).positions.filter((_, k) => k % 3 === 2));
    expect([...zs].map((z) => Math.round(z * 10) / 10).sort((a, b) => a - b)).toEqual([0, 1.2, 12]);
  });

  it('cuts the holes of a shape too, and reads an SVG silhouette', async () => {
    const donut = svgShape(
      '<circle cx="150" cy="100" r="90" fill="#000"/><circle cx="150" cy="100" r="40" fill="#fff"/>',
    );
    const options = ZCookieCutterOptions.parse({
      widthMm: 60,
      heightMm: 10,
      flangeWidthMm: 0,
      resolution: 160,
    });
    const result = await cookieCutter(donut, options);
    // No flange: one height everywhere; a circle is as deep as it is wide, to a pixel or two.
    const stl = await expectSolid(result, [60, null, 10]);
    expect(Math.abs((stl.size[1] as number) - 60)).toBeLessThanOrEqual((2 * 60) / 160);
    const ring = (outer: number, inner: number) => Math.PI * (outer * outer - inner * inner) * 10;
    // An outer wall round the 58.4 mm disc and an inner wall inside its hole (40 of 90 units), 0.8 mm each.
    const hole = (40 * (60 - 2 * 0.8)) / 180;
    const walls = ring(30, 30 - 0.8) + ring(hole, hole - 0.8);
    expect(Math.abs(stl.volume - walls)).toBeLessThan(walls * 0.15);
    expect(countBodies(readBinaryStl(file(result, 'stl')))).toBe(2);
  });

  it('refuses a picture with no shape in it', async () => {
    const blank = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    await expectEngineError(
      cookieCutter(blank, ZCookieCutterOptions.parse({})),
      'badParameters',
      /no shape/,
    );
  });
});
