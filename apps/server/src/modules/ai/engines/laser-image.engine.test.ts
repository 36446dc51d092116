import { DITHER_METHODS, ZLaserImageOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEngineError } from '../../../test/engine-checks';
import { grayRamp, photoScene, pngHeaderClaiming } from '../../../test/engine-images';
import { laserImage, pixelsFor } from './laser-image.engine';
import { readPngInfo } from './png-codec';

const options = (input: Record<string, unknown> = {}) => ZLaserImageOptions.parse(input);

/** Share of white (unburnt) pixels, read back through a real PNG decoder. */
async function whiteShare(png: Buffer): Promise<number> {
  const gray = await sharp(png).toColourspace('b-w').raw().toBuffer();
  let white = 0;
  for (const value of gray) if (value > 127) white++;
  return white / gray.length;
}

async function expectBilevel(png: Buffer, widthMm: number, heightMm: number, dpi: number) {
  const info = readPngInfo(png);
  expect(info).toMatchObject({ bitDepth: 1, colorType: 0, dpi });
  expect(info.width).toBe(Math.round((widthMm * dpi) / 25.4));
  expect(info.height).toBe(Math.round((heightMm * dpi) / 25.4));
  // Any decoder reads it, at the same size and with the same DPI.
  const meta = await sharp(png).metadata();
  expect([meta.width, meta.height, meta.density]).toEqual([info.width, info.height, dpi]);
}

describe('laser-ready image (local image-to-image)', () => {
  it.each(DITHER_METHODS)(
    '%s: a 1-bit PNG of the asked mm size and DPI that keeps the tone',
    async (dither) => {
      const ramp = await grayRamp(400, 100);
      const result = await laserImage(ramp, options({ dither, widthMm: 40, dpi: 254 }));
      const [file] = result.files;
      expect(file?.mime).toBe('image/png');
      const png = (file as { data: Buffer }).data;
      await expectBilevel(png, 40, 10, 254);
      // A black-to-white ramp is half ink: every screen has to keep that.
      expect(Math.abs((await whiteShare(png)) - 0.5)).toBeLessThan(0.08);
    },
  );

  it('sizes by mm × DPI / 25.4 for any DPI, height from the proportions or as asked', async () => {
    const scene = await photoScene(300, 200);
    const free = await laserImage(scene.png, options({ widthMm: 60, dpi: 300 }));
    const info = readPngInfo((free.files[0] as { data: Buffer }).data);
    // 60 mm at 300 DPI is 709 px; the 3:2 picture keeps its proportions.
    expect(info).toMatchObject({ width: pixelsFor(60, 300), height: Math.round((709 * 2) / 3) });
    const fixed = await laserImage(scene.png, options({ widthMm: 30, heightMm: 45, dpi: 508 }));
    await expectBilevel((fixed.files[0] as { data: Buffer }).data, 30, 45, 508);
  });

  it('threshold, line art and sketch are 1-bit; grayscale is 8-bit with the DPI', async () => {
    const scene = await photoScene(200, 200);
    for (const mode of ['threshold', 'lineart', 'sketch'] as const) {
      const result = await laserImage(scene.png, options({ mode, widthMm: 25.4, dpi: 200 }));
      const png = (result.files[0] as { data: Buffer }).data;
      await expectBilevel(png, 25.4, 25.4, 200);
      const share = await whiteShare(png);
      expect(share).toBeGreaterThan(0.05);
      expect(share).toBeLessThan(mode === 'threshold' ? 0.95 : 1);
    }
    const lines = await laserImage(
      scene.png,
      options({ mode: 'lineart', widthMm: 25.4, dpi: 200 }),
    );
    // Line art is mostly bare material with thin lines.
    expect(await whiteShare((lines.files[0] as { data: Buffer }).data)).toBeGreaterThan(0.85);
    const gray = await laserImage(scene.png, options({ mode: 'grayscale', widthMm: 50, dpi: 100 }));
    expect(readPngInfo((gray.files[0] as { data: Buffer }).data)).toMatchObject({
      bitDepth: 8,
      colorType: 0,
      dpi: 100,
      width: pixelsFor(50, 100),
    });
  });

  it('sketch: a black square on white is drawn as its outline, the rest bare', async () => {
    // Colour dodge of a picture with its blurred negative (DESIGN 5 sketch):
    // white stays white, a large black area goes white inside (its blurred
    // negative is full), and only a band just inside its edge stays dark.
    const size = 200;
    const square = await sharp({
      create: { width: size, height: size, channels: 3, background: '#fff' },
    })
      .composite([
        {
          input: { create: { width: 100, height: 100, channels: 3, background: '#000' } },
          left: 50,
          top: 50,
        },
      ])
      .png()
      .toBuffer();
    // 20 mm at 254 DPI is 200 px: the output has the picture's own pixels.
    const result = await laserImage(square, options({ mode: 'sketch', widthMm: 20, dpi: 254 }));
    const bits = await sharp((result.files[0] as { data: Buffer }).data)
      .toColourspace('b-w')
      .raw()
      .toBuffer();
    expect(bits.length).toBe(size * size);
    const share = (inside: (x: number, y: number) => boolean) => {
      let count = 0;
      let dark = 0;
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          if (!inside(x, y)) continue;
          count++;
          if ((bits[y * size + x] as number) < 128) dark++;
        }
      }
      return dark / count;
    };
    const within = (x: number, y: number, from: number, to: number) =>
      x >= from && x < to && y >= from && y < to;
    // The middle of the square (10 px and more inside the edge) is bare.
    expect(share((x, y) => within(x, y, 60, 140))).toBeLessThan(0.01);
    // Outside the square is bare.
    expect(share((x, y) => !within(x, y, 50, 150))).toBeLessThan(0.01);
    // The 3 px just inside the edge is the drawn line.
    expect(share((x, y) => within(x, y, 50, 150) && !within(x, y, 53, 147))).toBeGreaterThan(0.9);
  });

  it('contrast, gamma and invert move the tone the way a maker expects', async () => {
    const ramp = await grayRamp(200, 50);
    const share = async (input: Record<string, unknown>) =>
      whiteShare(
        (await laserImage(ramp, options({ widthMm: 20, dpi: 254, ...input }))).files[0]?.data ??
          Buffer.alloc(0),
      );
    const plain = await share({});
    expect(await share({ gamma: 2 })).toBeGreaterThan(plain + 0.1);
    expect(await share({ brightness: -30 })).toBeLessThan(plain - 0.1);
    expect(await share({ invert: true, gamma: 2 })).toBeLessThan(plain - 0.1);
  });

  it('UV: at most N colours plus clear, and a 1-bit white-ink layer under the print', async () => {
    const scene = await photoScene(200, 200);
    // A cut-out: the subject opaque, the rest transparent.
    const alpha = Buffer.from(scene.mask);
    const cutout = await sharp(scene.png)
      .removeAlpha()
      .joinChannel(alpha, { raw: { width: 200, height: 200, channels: 1 } })
      .png()
      .toBuffer();
    const result = await laserImage(
      cutout,
      options({ target: 'uv', colors: 5, widthMm: 50, dpi: 300 }),
    );
    expect(result.files.map((file) => file.filename)).toEqual(['uv-color.png', 'uv-white-ink.png']);
    const [color, ink] = result.files.map((file) => file.data) as [Buffer, Buffer];
    const colorInfo = readPngInfo(color);
    expect(colorInfo).toMatchObject({ colorType: 3, dpi: 300, width: pixelsFor(50, 300) });
    expect(colorInfo.paletteSize).toBeLessThanOrEqual(6);
    const rgba = await sharp(color).ensureAlpha().raw().toBuffer();
    const opaque = new Set<number>();
    for (let i = 0; i < rgba.length; i += 4)
      if (rgba[i + 3] === 255) opaque.add(rgba.readUInt32BE(i));
    expect(opaque.size).toBeLessThanOrEqual(5);
    await expectBilevel(ink, 50, 50, 300);
    // White ink exactly where colour is printed.
    const inkGray = await sharp(ink).toColourspace('b-w').raw().toBuffer();
    let agree = 0;
    for (let p = 0; p < inkGray.length; p++) {
      if ((inkGray[p] === 0) === (rgba[p * 4 + 3] === 255)) agree++;
    }
    expect(agree).toBe(inkGray.length);
  });

  it('refuses bad pictures and impossible sizes with a clear reason', async () => {
    const scene = await photoScene(100, 100);
    await expectEngineError(
      laserImage(Buffer.from('%PDF-1.7 not an image'), options()),
      'badParameters',
      /not a picture/,
    );
    await expectEngineError(
      laserImage(pngHeaderClaiming(10_000, 8_000), options()),
      'badParameters',
      /80\.0 megapixels; the limit is 40\.0/,
    );
    await expectEngineError(
      laserImage(scene.png, options({ widthMm: 2000, heightMm: 2000, dpi: 1200 })),
      'badParameters',
      /Choose a smaller size or DPI/,
    );
  });
});
