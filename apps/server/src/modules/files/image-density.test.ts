import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { declaredDpi, jpegDeclaredDpi } from '../../kernel/image-density';
import { processImage, withoutPngChunk } from './image-processor';

const gray = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } });

/** A JPEG whose JFIF header gives `density` in `units` (1: per inch, 2: per cm, 0: aspect only). */
async function jfifJpeg(units: number, density: number): Promise<Buffer> {
  const jpeg = await gray(20, 10).jpeg().toBuffer();
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write('JFIF\0', 4, 'latin1');
  app0.writeUInt16BE(0x0101, 9);
  app0[11] = units;
  app0.writeUInt16BE(density, 12);
  app0.writeUInt16BE(density, 14);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

describe('declared DPI of an upload', () => {
  it('reads JFIF in inches and centimetres, and EXIF; an aspect-only JFIF declares none', async () => {
    expect(jpegDeclaredDpi(await jfifJpeg(1, 300))).toBe(300);
    expect(jpegDeclaredDpi(await jfifJpeg(2, 118))).toBeCloseTo(299.72, 2);
    expect(jpegDeclaredDpi(await jfifJpeg(0, 1))).toBeUndefined();
    const exif = await gray(20, 10).withMetadata({ density: 600 }).jpeg().toBuffer();
    expect(jpegDeclaredDpi(exif)).toBe(600);
  });

  it("does not take libvips' 72 DPI default for a JPEG that declares nothing", async () => {
    const bare = await gray(20, 10).jpeg().toBuffer();
    expect((await sharp(bare).metadata()).density).toBe(72);
    expect(declaredDpi(bare)).toBeUndefined();
  });

  it('keeps a PNG pHYs and reads none where it is absent', async () => {
    const png = await gray(20, 10).withMetadata({ density: 254 }).png().toBuffer();
    expect(declaredDpi(png)).toBe(254);
    // 11811 px/m is 299.9994 DPI: read as 300, as stored and shown.
    expect(declaredDpi(await gray(20, 10).withDensity(300).png().toBuffer())).toBe(300);
    // Many writers leave pHYs out; libvips then reports 72, which is no declaration.
    const bare = withoutPngChunk(
      await sharp(await gray(20, 10).jpeg().toBuffer())
        .png()
        .toBuffer(),
      'pHYs',
    );
    expect(bare.includes(Buffer.from('pHYs'))).toBe(false);
    expect((await sharp(bare).metadata()).density).toBe(72);
    expect(declaredDpi(bare)).toBeUndefined();
  });

  it('reads none from WebP and GIF, which declare none', async () => {
    expect(declaredDpi(await gray(20, 10).withDensity(300).webp().toBuffer())).toBeUndefined();
    expect(declaredDpi(await gray(20, 10).gif().toBuffer())).toBeUndefined();
  });
});

describe('the DPI an AI result declares, read back for the next tool', () => {
  it("reads a PNG pHYs and a JPEG header; libvips' unset 25.4 DPI and none are undefined", async () => {
    const png = (density?: number) => {
      const base = sharp(Buffer.alloc(20 * 10 * 3, 128), {
        raw: { width: 20, height: 10, channels: 3 },
      });
      return (density ? base.withMetadata({ density }) : base).png().toBuffer();
    };
    expect(declaredDpi(await png(300))).toBe(300);
    // A PNG made from raw pixels with no density is written at 1000 px/m.
    const unset = await png();
    expect(unset.includes(Buffer.from('pHYs'))).toBe(true);
    expect(declaredDpi(unset)).toBeUndefined();
    expect(declaredDpi(await jfifJpeg(1, 600))).toBe(600);
    expect(declaredDpi(await gray(20, 10).jpeg().toBuffer())).toBeUndefined();
    expect(declaredDpi(Buffer.from('<svg/>'))).toBeUndefined();
  });
});

describe('an AI source keeps its size in mm through the upload re-encode', () => {
  it('scales the DPI with the resize, so width / DPI stays the source size', async () => {
    // 5000 px at 600 DPI is 211.67 mm; fitted to 4096 px it is 491.52 DPI.
    const big = await gray(5000, 1000).withMetadata({ density: 600 }).png().toBuffer();
    const processed = await processImage(big, 'ai');
    expect(processed).toMatchObject({ width: 4096, height: 819, dpi: 491.52 });
    expect((processed.width / (processed.dpi as number)) * 25.4).toBeCloseTo(
      (5000 / 600) * 25.4,
      1,
    );
  });

  it('writes the DPI into the stored file and nothing else of the source metadata', async () => {
    const source = await gray(40, 20)
      .withExif({ IFD0: { Copyright: 'private owner' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ density: 300 })
      .jpeg()
      .toBuffer();
    const processed = await processImage(source, 'ai');
    expect(processed.dpi).toBe(300);
    const stored = processed.image.data;
    const meta = await sharp(stored).metadata();
    expect(meta.density).toBe(300);
    expect(stored.toString('latin1')).not.toContain('private owner');
    expect(meta.exif?.toString('latin1') ?? '').not.toContain('GPS');
  });

  it('takes pHYs out of the header only, and copies nothing when there is none', async () => {
    const png = await gray(64, 32).withDensity(300).png().toBuffer();
    const bare = withoutPngChunk(png, 'pHYs');
    // pHYs is 21 bytes (length, type, 9-byte body, CRC); the rest is unchanged.
    expect(bare.length).toBe(png.length - 21);
    expect(bare.includes(Buffer.from('pHYs'))).toBe(false);
    const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer();
    expect((await pixels(bare)).equals(await pixels(png))).toBe(true);
    expect(withoutPngChunk(bare, 'pHYs')).toBe(bare);
  });

  it('records no DPI for a source that declares none', async () => {
    const processed = await processImage(await gray(40, 20).jpeg().toBuffer(), 'ai');
    expect(processed).toMatchObject({ width: 40, height: 20, dpi: null });
    // A PNG without pHYs (libvips would say 72) is stored and read back without one.
    const png = withoutPngChunk(processed.image.data, 'pHYs');
    const again = await processImage(png, 'ai');
    expect(again.dpi).toBeNull();
    expect(again.image.data.includes(Buffer.from('pHYs'))).toBe(false);
  });
});
