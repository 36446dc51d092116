import { ZUploadResponse } from '@layerline/contract';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';
import { uploadThroughApi } from '../../test/uploads';
import { unsignedUrl } from '../files';
import { withoutPngChunk } from '../files/image-processor';

/**
 * Vectorise without a width sizes its SVG by the source's DPI (DESIGN 5),
 * which must survive the upload's re-encoding: a 448 px scan at 300 DPI is
 * 37.93 mm wide; a picture that declares no DPI is read at 96.
 */
const SCAN = { width: 448, height: 295 };
const mmAt = (px: number, dpi: number) => (px / dpi) * 25.4;

/**
 * A scanned drawing: dark ink (a frame and a bar) on white paper, RGB with no
 * alpha channel as scanners write it (so the upload re-encodes it as a
 * picture without transparency).
 */
async function scanPixels(): Promise<Sharp> {
  const ink = (width: number, height: number) => ({
    create: { width, height, channels: 3 as const, background: '#111111' },
  });
  const rgb = await sharp({ create: { ...SCAN, channels: 3, background: '#ffffff' } })
    .composite([
      { input: ink(300, 20), left: 60, top: 40 },
      { input: ink(20, 200), left: 60, top: 40 },
      { input: ink(120, 120), left: 240, top: 120 },
    ])
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(rgb.info.channels).toBe(3);
  return sharp(rgb.data, { raw: { ...SCAN, channels: 3 } });
}

/** A JFIF header (APP0) as scanners write it: density in dots per inch. */
function withJfifDpi(jpeg: Buffer, dpi: number): Buffer {
  const app0 = Buffer.alloc(18);
  app0.writeUInt16BE(0xffe0, 0);
  app0.writeUInt16BE(16, 2);
  app0.write('JFIF\0', 4, 'latin1');
  app0.writeUInt16BE(0x0101, 9);
  app0[11] = 1;
  app0.writeUInt16BE(dpi, 12);
  app0.writeUInt16BE(dpi, 14);
  return Buffer.concat([jpeg.subarray(0, 2), app0, jpeg.subarray(2)]);
}

const scans = {
  png300: async () => (await scanPixels()).withMetadata({ density: 300 }).png().toBuffer(),
  jpeg300: async () =>
    withJfifDpi(await (await scanPixels()).jpeg({ quality: 95 }).toBuffer(), 300),
  /** libvips writes 1 px/mm (25.4 DPI), its own "unset". */
  pngNone: async () => (await scanPixels()).png().toBuffer(),
  /** Many writers leave pHYs out; libvips then reports 72 DPI. */
  pngWithoutPhys: async () => withoutPngChunk(await (await scanPixels()).png().toBuffer(), 'pHYs'),
  jpegNone: async () => (await scanPixels()).jpeg({ quality: 95 }).toBuffer(),
};

let app: TLocalAiApp;

beforeAll(async () => {
  app = await createLocalAiApp('vectorize-dpi', 60_000);
});
afterAll(async () => {
  await app.t.close();
});

/** Uploads `data` as an AI source, vectorises it with no width, and reads the SVG's size back. */
async function vectorizeUpload(data: Buffer, name: string, type: string) {
  const { t } = app;
  const { headers } = await signedInUser(t, 10);
  const uploaded = await uploadThroughApi(t, headers, 'ai', { data, name, type });
  expect(uploaded.statusCode).toBe(200);
  const upload = ZUploadResponse.parse(uploaded.json()).data;
  const { done: job } = await runJobThroughApi(app, headers, {
    kind: 'vectorize',
    params: { imageUrl: upload.url, mode: 'mono' },
  });
  expect(job.state, job.errorMessage ?? '').toBe('succeeded');
  // The answer's address is signed for its owner (ADR 0051).
  const key = t.storage.keyFromUrl(unsignedUrl(job.resultFiles[0] as string)) as string;
  const svg = (await t.storage.read(key)).toString('utf8');
  const size = svg.match(/<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm"/);
  expect(size).not.toBeNull();
  return {
    upload,
    widthMm: Number((size as RegExpMatchArray)[1]),
    heightMm: Number((size as RegExpMatchArray)[2]),
  };
}

describe('vectorise sizes by the uploaded source DPI (DESIGN 5)', () => {
  it.each([
    ['a PNG scan at 300 DPI (pHYs)', scans.png300, 'scan.png', 'image/png'],
    ['a JPEG scan at 300 DPI (JFIF)', scans.jpeg300, 'scan.jpg', 'image/jpeg'],
  ])('%s gives an SVG of width_px / 300 × 25.4 mm', async (_label, make, name, type) => {
    const { upload, widthMm, heightMm } = await vectorizeUpload(await make(), name, type);
    // The upload answer carries what the page shows before the job starts.
    expect(upload.image).toEqual({ ...SCAN, dpi: 300 });
    expect(Math.abs(widthMm - mmAt(SCAN.width, 300))).toBeLessThan(0.1);
    expect(Math.abs(heightMm - mmAt(SCAN.height, 300))).toBeLessThan(0.1);
    expect(widthMm).toBeCloseTo(37.93, 1);
  });

  it.each([
    ['a PNG', scans.pngNone, 'drawing.png', 'image/png'],
    ['a PNG without pHYs', scans.pngWithoutPhys, 'drawing.png', 'image/png'],
    ['a JPEG', scans.jpegNone, 'drawing.jpg', 'image/jpeg'],
  ])('%s that declares no DPI is read at 96 DPI, not 72', async (_label, make, name, type) => {
    const { upload, widthMm } = await vectorizeUpload(await make(), name, type);
    expect(upload.image).toEqual({ ...SCAN, dpi: null });
    expect(Math.abs(widthMm - mmAt(SCAN.width, 96))).toBeLessThan(0.1);
  });
});
