import { crc32 } from 'node:zlib';
import {
  LIMITS,
  message,
  type TLocale,
  ZFeedbackResponse,
  ZFeedbackUploadResponse,
} from '@layerline/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedback, feedbackUploads, files } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { multipartBody, type TMultipartFile } from '../../test/uploads';

/** The feedback image upload (SPEC 7: code, data = the address, msg; SPEC 5: image, 5MB). */
let t: TTestApp;
type TWho = { id: number; headers: { authorization: string } };
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.2.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/**
 * A valid PNG of exactly `size` bytes: `png` with a private ancillary chunk
 * (which decoders skip) of the missing length before its IEND.
 */
function pngOfSize(png: Buffer, size: number): Buffer {
  const iend = png.subarray(png.length - 12);
  const typed = Buffer.concat([Buffer.from('prVt', 'ascii'), Buffer.alloc(size - png.length - 12)]);
  const chunk = Buffer.alloc(typed.length + 8);
  chunk.writeUInt32BE(typed.length - 4, 0);
  typed.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typed), typed.length + 4);
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, iend]);
}

async function upload(
  file: TMultipartFile,
  { as, lang = 'en', ip = freshIp() }: { as?: TWho; lang?: TLocale; ip?: string } = {},
) {
  const body = await multipartBody({}, [file]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/suggestion/upload',
    payload: body.payload,
    headers: { ...body.headers, ...(as?.headers ?? {}), 'content-language': lang },
    remoteAddress: ip,
  });
}

const submit = (picture: string[], { as, ip }: { as?: TWho; ip: string }) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/suggestion/submit',
    headers: as?.headers ?? {},
    remoteAddress: ip,
    payload: { suggestion: 'See the pictures', picture },
  });

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('POST /suggestion/upload', () => {
  it('answers the address itself as data, and records a user’s image as a feedback file', async () => {
    const user = await createUser(t.db);
    const as = { id: user.id, headers: (await signIn(t, user.id)).headers };
    for (const lang of ['en', 'zh'] as const) {
      const res = await upload(
        { data: await png(), name: 'bug.png', type: 'image/png' },
        { as, lang },
      );
      expect(res.statusCode).toBe(200);
      const body = ZFeedbackUploadResponse.parse(res.json());
      expect(body).toEqual({ code: 200, msg: message(lang, 'ok'), data: expect.any(String) });
      // Re-encoded, upright and without metadata, as every image upload.
      expect(body.data).toMatch(/^\/files\/.+\.webp$/);
      const rows = await t.db
        .select()
        .from(files)
        .where(and(eq(files.userId, user.id), eq(files.url, body.data)));
      expect(rows.map((row) => row.kind)).toEqual(['feedback']);
      // The stored image is served.
      expect((await t.app.inject({ method: 'GET', url: body.data })).statusCode).toBe(200);
    }
  });

  it('lets a visitor upload, and only that address send the image as feedback', async () => {
    const ip = freshIp();
    // Other bytes than the user's above: storage is content-addressed.
    const res = await upload(
      { data: await png(41, 31), name: 'crash.png', type: 'image/png' },
      { ip },
    );
    expect(res.statusCode).toBe(200);
    const url = ZFeedbackUploadResponse.parse(res.json()).data;
    const kept = await t.db.select().from(feedbackUploads).where(eq(feedbackUploads.url, url));
    expect(kept).toHaveLength(1);
    expect(kept[0]?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await t.db.select().from(files).where(eq(files.url, url))).toEqual([]);

    const elsewhere = await submit([url], { ip: freshIp() });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().msg).toBe(message('en', 'feedbackPictureInvalid'));

    const sent = await submit([`${t.config.publicUrl}${url}`], { ip });
    expect(sent.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, ZFeedbackResponse.parse(sent.json()).data.id));
    expect(row?.pictures).toEqual([url]);

    // Logged in since (or with a token that had run out while uploading): still their image.
    const user = await createUser(t.db);
    const as = { id: user.id, headers: (await signIn(t, user.id)).headers };
    expect((await submit([url], { as, ip })).statusCode).toBe(200);
  });

  it('refuses a file that is not an image, whatever its name, in zh and en', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const res = await upload(
        { data: Buffer.from('%PDF-1.4 not a picture'), name: 'photo.png', type: 'image/png' },
        { lang },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, msg: message(lang, 'uploadImageType'), data: null });
    }
  });

  it('takes an image of exactly 5 MB (5,242,880 bytes) and refuses one byte more', async () => {
    const base = await png(42, 32);
    const exact = pngOfSize(base, LIMITS.feedbackImageMaxBytes);
    expect(exact.length).toBe(5_242_880);
    const res = await upload({ data: exact, name: 'exact.png', type: 'image/png' });
    expect(res.statusCode).toBe(200);
    expect(ZFeedbackUploadResponse.parse(res.json()).data).toMatch(/^\/files\/.+\.webp$/);
    const over = pngOfSize(base, LIMITS.feedbackImageMaxBytes + 1);
    expect((await upload({ data: over, name: 'over.png', type: 'image/png' })).statusCode).toBe(
      413,
    );
  });

  it('refuses an image over 5 MB with 413, in zh and en', async () => {
    const big = Buffer.concat([await png(4, 4), Buffer.alloc(LIMITS.feedbackImageMaxBytes)]);
    for (const lang of ['en', 'zh'] as const) {
      const res = await upload({ data: big, name: 'big.png', type: 'image/png' }, { lang });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: 413,
        msg: message(lang, 'fileTooLarge', { max: '5 MB' }),
        data: null,
      });
    }
  });

  it('asks for a file in the `file` field', async () => {
    const body = await multipartBody({}, [
      { field: 'picture', data: await png(), name: 'a.png', type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/upload',
      payload: body.payload,
      headers: body.headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(message('en', 'fileRequired'));
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/suggestion/upload',
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it(`takes ${LIMITS.feedbackUploadsPerHourVisitor} files an hour from a visitor’s address`, async () => {
    const ip = freshIp();
    const text = { data: Buffer.from('plain text'), name: 'a.txt', type: 'text/plain' };
    // Every file counts, stored or refused.
    for (let i = 0; i < LIMITS.feedbackUploadsPerHourVisitor; i += 1) {
      expect((await upload(text, { ip })).statusCode).toBe(400);
    }
    const over = await upload({ data: await png(), name: 'a.png', type: 'image/png' }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 429, msg: message('en', 'tooManyRequests') });
    expect((await upload(text)).statusCode).toBe(400);
  });
});
