import { ZRemoveBackgroundOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../../../test/engine-checks';
import { maskIoU, photoScene, pngHeaderClaiming } from '../../../test/engine-images';
import { modelPublicPath, removeBackground } from './remove-background.engine';

const alphaOf = async (png: Buffer) =>
  new Uint8Array(await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer());

describe('background removal (ISNet on onnxruntime-node, offline)', () => {
  it('finds the model files inside node_modules, as a file:// URL', () => {
    expect(modelPublicPath()).toMatch(/^file:\/\/.*\/@imgly\/background-removal-node\/dist\/$/);
  });

  it('cuts the subject out of a photo-like scene: same size, alpha mask IoU >= 0.9', async () => {
    const scene = await photoScene(480, 360);
    const result = await removeBackground(scene.png, ZRemoveBackgroundOptions.parse({}));
    const [file] = result.files;
    expect(file?.mime).toBe('image/png');
    const png = (file as { data: Buffer }).data;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 480, 360, true]);
    expect(maskIoU(await alphaOf(png), scene.mask)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('hard edges leave only fully opaque or fully clear pixels', async () => {
    const scene = await photoScene(320, 320);
    const result = await removeBackground(
      scene.png,
      ZRemoveBackgroundOptions.parse({ hardEdges: true }),
    );
    const alpha = await alphaOf((result.files[0] as { data: Buffer }).data);
    expect(alpha.every((value) => value === 0 || value === 255)).toBe(true);
    expect(maskIoU(alpha, scene.mask)).toBeGreaterThanOrEqual(0.9);
  }, 60_000);

  it('ends bad input as badParameters with a message, before the model runs', async () => {
    const options = ZRemoveBackgroundOptions.parse({});
    await expectEngineError(removeBackground(Buffer.alloc(0), options), 'badParameters', /empty/);
    await expectEngineError(
      removeBackground(Buffer.from('GIF89a but nothing after'), options),
      'badParameters',
      /not a picture|damaged/,
    );
    await expectEngineError(
      removeBackground(pngHeaderClaiming(10_000, 8_000), options),
      'badParameters',
      /80\.0 megapixels/,
    );
  });
});
