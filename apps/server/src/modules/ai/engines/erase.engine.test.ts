import { ERASE_MAX_MASK_PERCENT, ZEraseOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../../../test/engine-checks';
import { erase } from './erase.engine';
import { readPngInfo } from './png-codec';

const W = 240;
const H = 160;

/** A smooth blue-to-green wall with a red sticker on it: the sticker is what the user paints over. */
async function wallWithSticker(): Promise<{ clean: Buffer; stained: Buffer }> {
  const wall = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
  <defs><linearGradient id="g"><stop offset="0" stop-color="#2050a0"/><stop offset="1" stop-color="#30a060"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  const clean = await sharp(Buffer.from(wall)).png().toBuffer();
  const stained = await sharp(clean)
    .composite([
      {
        input: { create: { width: 30, height: 20, channels: 3, background: '#ff0000' } },
        left: 100,
        top: 70,
      },
    ])
    .png()
    .toBuffer();
  return { clean, stained };
}

/** White strokes on black, as the editor's brush paints them. */
const paintedMask = (width = W, height = H, scale = 1) =>
  sharp({ create: { width, height, channels: 3, background: '#000' } })
    .composite([
      {
        input: {
          create: { width: 34 * scale, height: 24 * scale, channels: 3, background: '#fff' },
        },
        left: 98 * scale,
        top: 68 * scale,
      },
    ])
    .png()
    .toBuffer();

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

function meanDifference(
  a: Buffer,
  b: Buffer,
  region: { x: number; y: number; w: number; h: number },
) {
  let sum = 0;
  let count = 0;
  for (let y = region.y; y < region.y + region.h; y++) {
    for (let x = region.x; x < region.x + region.w; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * W + x) * 3 + c;
        sum += Math.abs((a[i] as number) - (b[i] as number));
        count++;
      }
    }
  }
  return sum / count;
}

describe('local eraser (OpenCV inpainting)', () => {
  it.each(['telea', 'ns'] as const)(
    '%s: fills the painted part from its surroundings',
    async (method) => {
      const { clean, stained } = await wallWithSticker();
      const result = await erase(stained, await paintedMask(), ZEraseOptions.parse({ method }));
      const [file] = result.files;
      expect(file?.mime).toBe('image/png');
      const out = (file as { data: Buffer }).data;
      const meta = await sharp(out).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', W, H]);
      const [after, original] = [await rgb(out), await rgb(clean)];
      const sticker = { x: 100, y: 70, w: 30, h: 20 };
      // The red is gone: the filled part is close to the wall that was under it…
      expect(meanDifference(after, original, sticker)).toBeLessThan(12);
      // …and what was not painted is left as it was.
      expect(meanDifference(after, original, { x: 0, y: 0, w: W, h: 50 })).toBeLessThan(1);
    },
  );

  it('takes a mask painted on a transparent layer, at preview size', async () => {
    const { clean, stained } = await wallWithSticker();
    const stroke = await sharp({
      create: {
        width: W / 2,
        height: H / 2,
        channels: 4,
        background: { r: 0, g: 0, b: 0, alpha: 0 },
      },
    })
      .composite([
        {
          input: { create: { width: 17, height: 12, channels: 4, background: '#f0f' } },
          left: 49,
          top: 34,
        },
      ])
      .png()
      .toBuffer();
    const result = await erase(stained, stroke, ZEraseOptions.parse({ grow: 3 }));
    const after = await rgb((result.files[0] as { data: Buffer }).data);
    expect(meanDifference(after, await rgb(clean), { x: 100, y: 70, w: 30, h: 20 })).toBeLessThan(
      12,
    );
  });

  it('leaves every pixel outside the painted part as it was, bit for bit, at the source DPI', async () => {
    // Grain everywhere (and some transparency), so any change outside the mask would show.
    const noise = Buffer.alloc(W * H * 4);
    let seed = 12345;
    for (let i = 0; i < noise.length; i++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      noise[i] = i % 4 === 3 ? 128 + (seed >>> 25) : seed >>> 24;
    }
    const source = await sharp(noise, { raw: { width: W, height: H, channels: 4 } })
      .withDensity(200)
      .png()
      .toBuffer();
    const result = await erase(source, await paintedMask(), ZEraseOptions.parse({ grow: 2 }));
    const out = (result.files[0] as { data: Buffer }).data;
    // DESIGN 5: the source's DPI, not 25.4.
    expect(readPngInfo(out).dpi).toBe(200);
    const after = await sharp(out).ensureAlpha().raw().toBuffer();
    // The painted rectangle is (98, 68) 34 × 24, grown by 2 px.
    const isNearMask = (x: number, y: number) => x >= 96 && x < 134 && y >= 66 && y < 94;
    let changedOutside = 0;
    let changedInside = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const i = (y * W + x) * 4;
        const isSame = after.readUInt32BE(i) === noise.readUInt32BE(i);
        if (isNearMask(x, y)) changedInside += isSame ? 0 : 1;
        else changedOutside += isSame ? 0 : 1;
      }
    }
    expect(changedOutside).toBe(0);
    expect(changedInside).toBeGreaterThan(34 * 24 * 0.9);
    // A source without a DPI gives the tools' 300.
    const { stained } = await wallWithSticker();
    const bare = await sharp(await sharp(stained).raw().toBuffer(), {
      raw: { width: W, height: H, channels: 4 },
    })
      .png()
      .toBuffer();
    const plain = await erase(bare, await paintedMask(), ZEraseOptions.parse({}));
    expect(readPngInfo((plain.files[0] as { data: Buffer }).data).dpi).toBe(300);
  });

  it(`refuses a mask over ${ERASE_MAX_MASK_PERCENT}% of the picture, with its own message`, async () => {
    const { stained } = await wallWithSticker();
    // White over the left part of a black canvas: a share of the picture's width.
    const cover = (share: number) =>
      sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
        .composite([
          {
            input: {
              create: { width: Math.round(W * share), height: H, channels: 3, background: '#fff' },
            },
            left: 0,
            top: 0,
          },
        ])
        .png()
        .toBuffer();
    const options = ZEraseOptions.parse({});
    await expectEngineError(
      erase(stained, await cover(0.3), options),
      'badParameters',
      /^aiEraseMaskTooLarge: The mask covers 30% of the picture; the limit is 25%\./,
    );
    // Just under the limit is erased.
    const result = await erase(stained, await cover(0.24), options);
    expect(result.files).toHaveLength(1);
  });

  it('refuses an empty mask, a mask that is no picture and a damaged picture', async () => {
    const { stained } = await wallWithSticker();
    const black = await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const options = ZEraseOptions.parse({});
    await expectEngineError(erase(stained, black, options), 'badParameters', /marks nothing/);
    await expectEngineError(
      erase(stained, Buffer.from('{"strokes":[]}'), options),
      'badParameters',
      /mask is not a picture/,
    );
    const damaged = Buffer.concat([stained.subarray(0, 80), Buffer.alloc(300, 1)]);
    await expectEngineError(erase(damaged, await paintedMask(), options), 'badParameters', /image/);
  });
});
