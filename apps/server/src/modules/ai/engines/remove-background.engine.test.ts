import { ZRemoveBackgroundOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../../../test/engine-checks';
import { maskIoU, photoScene, pngHeaderClaiming } from '../../../test/engine-images';
import { readPngInfo } from './png-codec';
import {
  levelAlpha,
  modelPublicPath,
  removeBackground,
  unsureShare,
} from './remove-background.engine';

const alphaOf = async (png: Buffer) =>
  new Uint8Array(await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer());

/** Pixels at least `margin` px inside the mask (the subject's interior, away from its edge). */
function interior(mask: Uint8Array, width: number, height: number, margin: number): number[] {
  const out: number[] = [];
  for (let y = margin; y < height - margin; y++) {
    for (let x = margin; x < width - margin; x++) {
      let isInside = true;
      for (let dy = -margin; dy <= margin && isInside; dy++) {
        for (let dx = -margin; dx <= margin; dx++) {
          if ((mask[(y + dy) * width + x + dx] as number) === 0) {
            isInside = false;
            break;
          }
        }
      }
      if (isInside) out.push(y * width + x);
    }
  }
  return out;
}

/** A dark shape (a star) pasted on a plain light background, its mask known. */
async function starOnPlain(width: number, height: number, density: number) {
  const points = Array.from({ length: 10 }, (_, k) => {
    const radius = k % 2 === 0 ? 0.42 * height : 0.2 * height;
    const angle = (Math.PI * k) / 5 - Math.PI / 2;
    return `${width / 2 + radius * Math.cos(angle)},${height / 2 + radius * Math.sin(angle)}`;
  }).join(' ');
  const shape = (fill: string, background: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${background}"/><polygon points="${points}" fill="${fill}"/></svg>`;
  const png = await sharp(Buffer.from(shape('#c0392b', '#e8e4da')))
    .withDensity(density)
    .png()
    .toBuffer();
  const mask = await sharp(Buffer.from(shape('#fff', '#000')))
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { png, mask: new Uint8Array(mask) };
}

describe('background removal (ISNet on onnxruntime-node, offline)', () => {
  it('finds the model files inside node_modules, as a file:// URL', () => {
    expect(modelPublicPath()).toMatch(/^file:\/\/.*\/@imgly\/background-removal-node\/dist\/$/);
  });

  it('cuts the subject out of a photo-like scene: same size, alpha mask IoU >= 0.9', async () => {
    const scene = await photoScene(480, 360);
    // Through raw pixels: a PNG that declares no DPI (the drawn scene says 72).
    const pixels = await sharp(scene.png).raw().toBuffer({ resolveWithObject: true });
    const source = await sharp(pixels.data, { raw: pixels.info }).png().toBuffer();
    expect((await sharp(source).metadata()).density).toBeUndefined();
    const result = await removeBackground(source, ZRemoveBackgroundOptions.parse({}));
    const [file] = result.files;
    expect(file?.mime).toBe('image/png');
    const png = (file as { data: Buffer }).data;
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['png', 480, 360, true]);
    const alpha = await alphaOf(png);
    expect(maskIoU(alpha, scene.mask)).toBeGreaterThanOrEqual(0.9);
    // DESIGN 5: interiors fully opaque, only the edge soft (the model alone tops out at 254).
    const inside = interior(scene.mask, 480, 360, 4);
    expect(inside.length).toBeGreaterThan(10_000);
    expect(inside.filter((p) => alpha[p] !== 255)).toEqual([]);
    // A source without a DPI gives a cut-out at the tools' 300 DPI, not 25.4.
    expect(readPngInfo(png).dpi).toBe(300);
  }, 60_000);

  it('a shape on a plain background: IoU >= 0.9, opaque inside, the source DPI kept', async () => {
    const star = await starOnPlain(400, 400, 150);
    const result = await removeBackground(star.png, ZRemoveBackgroundOptions.parse({}));
    const png = (result.files[0] as { data: Buffer }).data;
    const alpha = await alphaOf(png);
    expect(maskIoU(alpha, star.mask)).toBeGreaterThanOrEqual(0.9);
    expect(interior(star.mask, 400, 400, 4).filter((p) => alpha[p] !== 255)).toEqual([]);
    expect(readPngInfo(png).dpi).toBe(150);
    expect((await sharp(png).metadata()).density).toBe(150);
  }, 60_000);

  it('refuses a cut-out the model is unsure of (a circuit board on white), with its own message', async () => {
    const [width, height] = [640, 480];
    const traces = Array.from(
      { length: 40 },
      (_, k) =>
        `<path d="M${40 + k * 14} 60 v${100 + ((k * 37) % 200)} h${(k * 53) % 120}" stroke="#d8c070" stroke-width="3" fill="none"/>`,
    ).join('');
    const pads = Array.from(
      { length: 120 },
      (_, k) =>
        `<circle cx="${40 + ((k * 97) % 560)}" cy="${50 + ((k * 61) % 380)}" r="4" fill="#e0e0d0"/>`,
    ).join('');
    const board = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="100%" height="100%" fill="#fff"/><rect x="20" y="30" width="600" height="420" fill="#2f6b3a"/>
  ${traces}${pads}<rect x="200" y="150" width="120" height="80" fill="#222"/><rect x="380" y="260" width="80" height="60" fill="#222"/></svg>`;
    const png = await sharp(Buffer.from(board)).png().toBuffer();
    // failed (SPEC 8: refunded), with the message the job shows instead of the generic one.
    await expectEngineError(
      removeBackground(png, ZRemoveBackgroundOptions.parse({})),
      'failed',
      /^aiCutoutUnsure: /,
    );
  }, 60_000);

  it('levels the model alpha: clear below 8, opaque from 240, soft between', () => {
    expect([0, 8, 9, 124, 239, 240, 254].map(levelAlpha)).toEqual([0, 0, 1, 128, 254, 255, 255]);
    // A ghost (most kept pixels half-transparent) against a clean cut-out with a soft rim.
    const ghost = new Uint8Array(100).fill(120).fill(255, 0, 14);
    const clean = new Uint8Array(100).fill(255).fill(120, 0, 5).fill(0, 90);
    expect(unsureShare(ghost)).toBeCloseTo(0.86, 2);
    expect(unsureShare(clean)).toBeLessThan(0.1);
    expect(unsureShare(new Uint8Array(100))).toBe(1);
  });

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
