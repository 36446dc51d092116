import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZCookieCutterOptions, ZLithophaneOptions, ZRelief3dOptions } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { photoScene } from '../../../test/engine-images';
import type { TAiResult } from '../ai-engine';
import { cookieCutter } from './cookie-cutter.engine';
import { lithophane, relief3d } from './mesh.engine';

/**
 * Every simplified 3D output (STL and 3MF) sliced by PrusaSlicer (DESIGN 5):
 * the slicer must find it manifold and write G-code. PrusaSlicer is Debian's
 * prusa-slicer (CI installs it; REQUIRE_E2E=1 makes its absence an error).
 */
const SLICER = process.env.PRUSA_SLICER_PATH || 'prusa-slicer';
const hasSlicer = spawnSync(SLICER, ['--help'], { encoding: 'utf8' }).status === 0;
if (!hasSlicer && process.env.REQUIRE_E2E === '1') throw new Error(`${SLICER} is missing`);

const dir = mkdtempSync(join(tmpdir(), 'layerline-slice-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const slice = (result: TAiResult, extension: 'stl' | '3mf') => {
  const file = result.files.find((candidate) => candidate.filename.endsWith(`.${extension}`));
  if (!file) throw new Error(`no .${extension}`);
  const path = join(dir, file.filename);
  writeFileSync(path, file.data);
  const info = spawnSync(SLICER, ['--info', path], { encoding: 'utf8', timeout: 60_000 });
  const gcode = `${path}.gcode`;
  const run = spawnSync(SLICER, ['--export-gcode', '--output', gcode, path], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return {
    manifold: /manifold = yes/.test(info.stdout),
    status: run.status,
    gcodeBytes: existsSync(gcode) ? statSync(gcode).size : 0,
  };
};

describe.skipIf(!hasSlicer)('PrusaSlicer slices every 3D output (DESIGN 5)', async () => {
  const { png } = await photoScene(400, 300);
  const horse = await sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="240"><rect width="360" height="240" fill="#fff"/><polygon points="60,150 70,110 110,95 200,95 245,60 260,30 290,35 305,55 285,62 270,95 255,130 250,200 232,200 228,145 150,145 130,200 112,200 108,150 95,140 85,175 66,190"/></svg>',
    ),
  )
    .png()
    .toBuffer();
  const outputs: [string, () => Promise<TAiResult>][] = [
    ['relief', () => relief3d(png, ZRelief3dOptions.parse({ widthMm: 80, resolution: 200 }))],
    [
      'lithophane',
      () => lithophane(png, ZLithophaneOptions.parse({ widthMm: 80, resolution: 200 })),
    ],
    [
      'curved lithophane',
      () =>
        lithophane(
          png,
          ZLithophaneOptions.parse({ widthMm: 80, shape: 'curved', resolution: 160 }),
        ),
    ],
    ['cookie cutter', () => cookieCutter(horse, ZCookieCutterOptions.parse({ widthMm: 80 }))],
  ];
  for (const [name, make] of outputs) {
    it(`${name}: STL and 3MF are manifold and give G-code`, async () => {
      const result = await make();
      for (const extension of ['stl', '3mf'] as const) {
        const sliced = slice(result, extension);
        expect(sliced.manifold, `${name}.${extension} manifold`).toBe(true);
        expect(sliced.status, `${name}.${extension} exit code`).toBe(0);
        expect(sliced.gcodeBytes, `${name}.${extension} G-code`).toBeGreaterThan(1000);
      }
    }, 240_000);
  }
});
