import {
  ZCookieCutterOptions,
  ZEraseOptions,
  ZLaserImageOptions,
  ZLithophaneOptions,
  ZPromptOptimizeParams,
  ZRelief3dOptions,
  ZRemoveBackgroundOptions,
  ZTextToLogoParams,
  ZVectorizeOptions,
} from '@layerline/contract';
import sharp from 'sharp';
import type { TAiResult } from '../src/modules/ai/ai-engine';
import { cookieCutter } from '../src/modules/ai/engines/cookie-cutter.engine';
import { erase } from '../src/modules/ai/engines/erase.engine';
import { laserImage } from '../src/modules/ai/engines/laser-image.engine';
import { lithophane, relief3d } from '../src/modules/ai/engines/mesh.engine';
import { optimizePrompt } from '../src/modules/ai/engines/prompt-optimize.engine';
import { removeBackground } from '../src/modules/ai/engines/remove-background.engine';
import { textToLogo } from '../src/modules/ai/engines/text-to-logo.engine';
import { vectorize } from '../src/modules/ai/engines/vectorize.engine';
import { photoScene, starSilhouette } from '../src/test/engine-images';

/**
 * One case of `npm run bench -- --engines`, in a process of its own: times the
 * engine on a 1000 × 1000 picture, then prints one JSON line with the times
 * and the process's peak memory.
 */
const SIZE = 1000;
const RUNS_AGAIN = 3;

async function prepare(name: string): Promise<() => Promise<TAiResult>> {
  const [engine, variant] = name.split(':');
  // The text engines take no picture: four logo variants of mixed Chinese and
  // English text with an icon; a short Chinese prompt for the laser.
  if (engine === 'text_to_logo') {
    const params = ZTextToLogoParams.parse({ text: '创客工坊 Maker Lab', icon: 'gear', count: 4 });
    return async () => ({ files: await textToLogo(params) });
  }
  if (engine === 'prompt_optimize') {
    const params = ZPromptOptimizeParams.parse({
      prompt: '一只彩色的猫头鹰，渐变背景',
      machine: 'laser',
    });
    return async () => ({ files: [], text: optimizePrompt(params) });
  }
  const scene = await photoScene(SIZE, SIZE);
  // 100 mm at 254 DPI is 1000 pixels: the laser output is 1 MP too.
  const laser = { widthMm: 100, dpi: 254 };
  switch (engine) {
    case 'remove_background': {
      const options = ZRemoveBackgroundOptions.parse({
        quality: variant === 'fast' ? 'fast' : 'best',
      });
      return () => removeBackground(scene.png, options);
    }
    case 'erase': {
      // The user paints over the ball (about 15% of the picture).
      const mask = await sharp(Buffer.from(scene.mask), {
        raw: { width: SIZE, height: SIZE, channels: 1 },
      })
        .png()
        .toBuffer();
      const options = ZEraseOptions.parse({});
      return () => erase(scene.png, mask, options);
    }
    case 'vectorize': {
      const options = ZVectorizeOptions.parse({ mode: variant, widthMm: 100 });
      return () => vectorize(scene.png, options);
    }
    case 'laser_image': {
      const options = ZLaserImageOptions.parse(
        variant === 'uv'
          ? { ...laser, target: 'uv', colors: 6 }
          : variant === 'lineart'
            ? { ...laser, mode: 'lineart' }
            : { ...laser, dither: variant },
      );
      return () => laserImage(scene.png, options);
    }
    // Every pixel of the 1 MP picture a sample (resolution 1000), or the default 400.
    case 'relief_3d': {
      const options = ZRelief3dOptions.parse({ widthMm: 100, resolution: Number(variant) });
      return () => relief3d(scene.png, options);
    }
    case 'lithophane': {
      const options = ZLithophaneOptions.parse({ shape: variant, resolution: 1000 });
      return () => lithophane(scene.png, options);
    }
    // A 1 MP silhouette (a star with a round hole) at 400 or 1000 samples across.
    case 'cookie_cutter': {
      const silhouette = await starSilhouette();
      const options = ZCookieCutterOptions.parse({ widthMm: 80, resolution: Number(variant) });
      return () => cookieCutter(silhouette, options);
    }
  }
  throw new Error(`unknown case ${name}`);
}

const name = process.argv[2] ?? '';
const run = await prepare(name);
let started = performance.now();
const first = await run();
const firstMs = Math.round(performance.now() - started);
const again: number[] = [];
for (let i = 0; i < RUNS_AGAIN; i++) {
  started = performance.now();
  await run();
  again.push(performance.now() - started);
}
again.sort((a, b) => a - b);
const output =
  first.text !== undefined
    ? `${first.text.length} characters of text`
    : first.files
        .map((file) => `${file.filename} ${(file.data.length / 1024).toFixed(0)} KiB`)
        .join(', ');
process.stdout.write(
  `${JSON.stringify({
    name,
    firstMs,
    againMs: Math.round(again[Math.floor(again.length / 2)] ?? 0),
    maxRssMiB: Math.round(process.resourceUsage().maxRSS / 1024),
    output,
  })}\n`,
);
