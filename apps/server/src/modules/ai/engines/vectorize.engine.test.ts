import { ZVectorizeOptions } from '@layerline/contract';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectEngineError, expectMachineSvg } from '../../../test/engine-checks';
import { logoArt, maskIoU, photoScene } from '../../../test/engine-images';
import { vectorize } from './vectorize.engine';

const options = (input: Record<string, unknown> = {}) => ZVectorizeOptions.parse(input);

/** Renders the SVG back to `size` pixels and returns where it is dark. */
async function inkOf(svg: Buffer, size: number): Promise<Uint8Array> {
  const gray = await sharp(svg, { density: 300 })
    .resize(size, size, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  return Uint8Array.from(gray, (v) => (v < 128 ? 255 : 0));
}

async function sourceInk(png: Buffer, size: number): Promise<Uint8Array> {
  const gray = await sharp(png).resize(size, size).toColourspace('b-w').raw().toBuffer();
  return Uint8Array.from(gray, (v) => (v < 128 ? 255 : 0));
}

describe('vectorise (potrace for lasers, colour tracer for UV)', () => {
  it('traces a logo into closed millimetre paths that redraw the same shapes', async () => {
    const art = await logoArt(400, 400);
    const result = await vectorize(art, options({ widthMm: 80 }));
    const [file] = result.files;
    expect(file?.mime).toBe('image/svg+xml');
    const svg = (file as { data: Buffer }).data;
    const { heightMm } = await expectMachineSvg(svg.toString('utf8'), 80);
    expect(heightMm).toBeCloseTo(80, 2);
    expect(svg.toString()).toContain('fill-rule="evenodd"');
    expect(maskIoU(await inkOf(svg, 200), await sourceInk(art, 200))).toBeGreaterThan(0.95);
  });

  it('draws cut lines as hairline outlines, one closed path per outline', async () => {
    const result = await vectorize(await logoArt(400, 400), options({ style: 'cut', widthMm: 50 }));
    const svg = (result.files[0] as { data: Buffer }).data.toString();
    await expectMachineSvg(svg, 50);
    // Ring (outer and inner edge), bar and dot.
    expect(svg.match(/<path /g)).toHaveLength(4);
    expect(svg).toContain('fill="none" stroke="#ff0000"');
  });

  it('takes the physical size from the picture DPI when none is asked', async () => {
    const art = await sharp(await logoArt(300, 150))
      .withMetadata({ density: 300 })
      .png()
      .toBuffer();
    const svg = (await vectorize(art, options())).files[0]?.data.toString() ?? '';
    const { heightMm } = await expectMachineSvg(svg, 25.4);
    expect(heightMm).toBeCloseTo(12.7, 2);
  });

  it('reads a picture that declares no DPI at 96, and the upload record over the file header', async () => {
    // libvips reports 72 DPI for a JPEG with no density header: that is not the picture's.
    const bare = await sharp(await logoArt(192, 96))
      .flatten({ background: '#ffffff' })
      .jpeg()
      .toBuffer();
    expect((await sharp(bare).metadata()).density).toBe(72);
    const widthOf = async (sourceDpi?: number | null) => {
      const svg = (await vectorize(bare, options(), sourceDpi)).files[0]?.data.toString() ?? '';
      return Number(svg.match(/<svg [^>]*width="([\d.]+)mm"/)?.[1]);
    };
    expect(await widthOf()).toBeCloseTo(50.8, 2);
    expect(await widthOf(null)).toBeCloseTo(50.8, 2);
    expect(await widthOf(300)).toBeCloseTo(16.256, 2);
  });

  it('drops specks below the despeckle size and traces light-on-dark when inverted', async () => {
    const speckled = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#ffffff' },
    })
      .composite([
        {
          input: { create: { width: 3, height: 3, channels: 3, background: '#000' } },
          left: 20,
          top: 20,
        },
        {
          input: { create: { width: 60, height: 60, channels: 3, background: '#000' } },
          left: 100,
          top: 100,
        },
      ])
      .png()
      .toBuffer();
    const clean = (await vectorize(speckled, options({ despeckle: 20, style: 'cut' }))).files[0];
    expect(clean?.data.toString().match(/<path /g)).toHaveLength(1);
    const kept = (await vectorize(speckled, options({ despeckle: 0, style: 'cut' }))).files[0];
    expect(kept?.data.toString().match(/<path /g)).toHaveLength(2);
    const inverted = (await vectorize(speckled, options({ invert: true, widthMm: 20 }))).files[0];
    await expectMachineSvg(inverted?.data.toString() ?? '', 20);
  });

  it('traces a photo into at most N colour layers of closed paths', async () => {
    const scene = await photoScene(240, 240);
    const result = await vectorize(scene.png, options({ mode: 'color', colors: 6, widthMm: 60 }));
    const svg = (result.files[0] as { data: Buffer }).data.toString();
    await expectMachineSvg(svg, 60);
    const layers = svg.match(/<g id="color-\d+">/g) ?? [];
    expect(layers.length).toBeGreaterThan(1);
    expect(layers.length).toBeLessThanOrEqual(6);
    expect(svg).toContain('<g id="base">');
  });

  it('refuses a flat picture, not-an-image and a corrupt PNG with a clear reason', async () => {
    const flat = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await expectEngineError(vectorize(flat, options()), 'badParameters', /Nothing to trace/);
    await expectEngineError(
      vectorize(Buffer.from('hello, not a picture'), options()),
      'badParameters',
      /not a picture/,
    );
    const png = await logoArt(200, 200);
    const corrupt = Buffer.concat([png.subarray(0, 60), Buffer.alloc(200, 7)]);
    await expectEngineError(
      vectorize(corrupt, options()),
      'badParameters',
      /damaged|not a picture/,
    );
  });
});
