import {
  Code,
  IMAGE_VARIANT_WIDTHS,
  imageVariantUrl,
  message,
  ZUploadResponse,
} from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';

let t: TTestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signIn(t, (await createUser(t.db)).id)).headers;
});

afterAll(async () => {
  await t.close();
});

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: {
  kind?: string;
  file?: { data: Buffer; name: string; type?: string };
}) {
  const form = new FormData();
  if (parts.kind !== undefined) form.append('kind', parts.kind);
  if (parts.file) {
    const { data, name, type = 'application/octet-stream' } = parts.file;
    form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  }
  const request = new Request('http://local/upload', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function upload(
  parts: Parameters<typeof multipart>[0],
  options: { query?: string; auth?: boolean; lang?: string } = {},
) {
  const body = await multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/resource/upload${options.query ?? ''}`,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(options.auth === false ? {} : headers),
      ...(options.lang ? { 'content-language': options.lang } : {}),
    },
  });
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer();

describe('POST /api/v1/resource/upload (kind=avatar)', () => {
  it('re-encodes a PNG to WebP within 512x512 and answers url, filename, size, mime', async () => {
    const res = await upload({
      kind: 'avatar',
      file: { data: await png(800, 600), name: 'me.png' },
    });
    expect(res.statusCode).toBe(200);
    const { data } = ZUploadResponse.parse(res.json());
    expect(data).toEqual({
      url: expect.stringMatching(/^\/files\/[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/),
      filename: 'me.webp',
      size: expect.any(Number),
      mime: 'image/webp',
    });
    const stored = await t.app.inject({ method: 'GET', url: data.url });
    expect(stored.headers['content-type']).toBe('image/webp');
    const meta = await sharp(stored.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 384]);
    expect(data.size).toBe(stored.rawPayload.length);
  });

  it("stores the avatar's smaller copies at upload (srcset)", async () => {
    const still = await upload({
      kind: 'avatar',
      file: { data: await png(600, 600), name: 'a.png' },
    });
    const key = (url: string) => url.slice('/files/'.length);
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const copy = key(imageVariantUrl(still.json().data.url, width));
      expect(await t.storage.exists(copy)).toBe(true);
      expect((await sharp(await t.storage.read(copy)).metadata()).width).toBe(width);
    }
  });

  it('turns a JPEG upright by its EXIF orientation and strips the metadata', async () => {
    const jpeg = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#a52' },
    })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-location' } } })
      .toBuffer();
    const res = await upload(
      { kind: 'avatar', file: { data: jpeg, name: 'photo.JPG' } },
      { query: '' },
    );
    const { url } = res.json().data;
    const out = (await t.app.inject({ method: 'GET', url })).rawPayload;
    const meta = await sharp(out).metadata();
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(out.includes(Buffer.from('secret-location'))).toBe(false);
  });

  it('keeps a small animated GIF animated', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((background) =>
        sharp({ create: { width: 64, height: 64, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const res = await upload({ kind: 'avatar', file: { data: gif, name: 'spin.gif' } });
    const out = (await t.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload;
    const meta = await sharp(out, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(3);
  });

  it('keeps only the first frame of a long animation', async () => {
    const frames = await Promise.all(
      Array.from({ length: 90 }, (_, i) =>
        sharp({
          create: {
            width: 8,
            height: 8,
            channels: 3,
            background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 53) % 256 },
          },
        })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBeGreaterThan(60);
    const res = await upload({ kind: 'avatar', file: { data: gif, name: 'long.gif' } });
    const out = (await t.app.inject({ method: 'GET', url: res.json().data.url })).rawPayload;
    expect((await sharp(out, { animated: true }).metadata()).pages ?? 1).toBe(1);
  });

  it('takes the kind from the query too', async () => {
    const res = await upload(
      { file: { data: await png(10, 10), name: 'tiny.png' } },
      { query: '?kind=avatar' },
    );
    expect(res.json().code).toBe(200);
  });

  it('decides the type by content: a text file named .png is refused', async () => {
    const res = await upload(
      {
        kind: 'avatar',
        file: { data: Buffer.from('just some text, honest'), name: 'fake.png', type: 'image/png' },
      },
      { lang: 'zh' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '只能上传 JPG、PNG 或 GIF 图片。', data: null });
  });

  it('refuses images of other types (WebP, SVG) and broken images', async () => {
    const webp = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"></svg>');
    const broken = (await png(100, 100)).subarray(0, 60);
    for (const [data, name] of [
      [webp, 'a.webp'],
      [svg, 'a.svg'],
      [broken, 'a.png'],
    ] as const) {
      const res = await upload({ kind: 'avatar', file: { data, name } });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('Only JPG, PNG or GIF images are allowed.');
    }
  });

  it('answers 413 for an avatar over 2 MB', async () => {
    const big = Buffer.concat([await png(4, 4), Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload({ kind: 'avatar', file: { data: big, name: 'big.png' } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: Code.PAYLOAD_TOO_LARGE,
      msg: 'The file is too large (at most 2 MB).',
      data: null,
    });
  });

  it('answers 400 with an unknown kind or without a file', async () => {
    const file = { data: await png(4, 4), name: 'a.png' };
    const unknown = await upload({ kind: 'poster', file });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 400,
      msg: 'The upload kind is missing or not supported.',
    });
    const noFile = await upload({ kind: 'avatar' });
    expect(noFile.json()).toMatchObject({ code: 400, msg: 'Please choose a file to upload.' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/resource/upload',
      headers,
      payload: { file: 'x' },
    });
    expect(json.json()).toMatchObject({ code: 400, msg: 'Please choose a file to upload.' });
  });

  it('answers 401 without a session', async () => {
    const res = await upload(
      { kind: 'avatar', file: { data: await png(4, 4), name: 'a.png' } },
      { auth: false },
    );
    expect(res.statusCode).toBe(401);
  });

  it('hands out a URL the profile accepts as avatar', async () => {
    const res = await upload({
      kind: 'avatar',
      file: { data: await png(40, 40), name: 'face.png' },
    });
    const update = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/user/updateInfo',
      headers,
      payload: {
        nickname: 'Face',
        gender: 'male',
        birthday: '1991-01-01',
        avatar: res.json().data.url,
      },
    });
    expect(update.json().data.avatar).toBe(res.json().data.url);
  });
});

describe('malformed multipart (SPEC 8: bad input is a 4xx, never a 500)', () => {
  const send = (url: string, contentType: string, payload: string | Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { ...headers, 'content-type': contentType },
    });

  it.each(['/resource/upload', '/upload_resource', '/batch_upload'])(
    '%s: no boundary, wrong boundary, a cut-off body and a nameless file part answer 400',
    async (url) => {
      const field = url === '/batch_upload' ? 'files' : 'file';
      const whole = (await multipart({ file: { data: await png(8, 8), name: 'a.png' } })).payload;
      const cases: Array<[string, string | Buffer]> = [
        ['multipart/form-data', whole],
        ['multipart/form-data; boundary=nothing-like-the-body', whole],
        [
          'multipart/form-data; boundary=XYZ',
          `--XYZ\r\nContent-Disposition: form-data; name="${field}"; filename="a.stl"\r\n\r\nsolid a\nfacet`,
        ],
        [
          'multipart/form-data; boundary=XYZ',
          `--XYZ\r\nContent-Disposition: form-data; name="${field}"\r\nContent-Type: model/stl\r\n\r\nsolid a\r\n--XYZ--\r\n`,
        ],
        ['multipart/form-data; boundary=XYZ', '--XYZ\r\nContent-Dispos'],
      ];
      for (const [type, payload] of cases) {
        const res = await send(url, type, payload);
        expect(res.statusCode, `${type} ${String(payload).slice(0, 40)}`).toBe(400);
        // Cut off or unreadable: say so; a readable form without a named file: ask for one.
        expect([
          'The upload was cut off or is not a valid multipart form. Please try again.',
          'Please choose a file to upload.',
        ]).toContain(res.json().msg);
      }
    },
  );

  it('says a cut-off upload was cut off, in the caller’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/resource/upload',
      payload:
        '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.stl"\r\n\r\nsolid',
      headers: {
        ...headers,
        'content-type': 'multipart/form-data; boundary=XYZ',
        'content-language': 'zh',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: message('zh', 'malformedUpload'), data: null });
  });
});
