import { ZBatchUploadResponse, ZUploadResponse } from '@layerline/contract';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { binaryStl, ELF, MINIMAL_PDF } from '../../test/design-files';
import { createUser } from '../../test/factories';
import type { TTestApp } from '../../test/test-app';
import {
  multipartBody,
  signedInUploader,
  type TMultipartFile,
  type TUploader,
  testImage,
} from '../../test/uploads';
import { buildZip } from '../../test/zips';

/**
 * The upload paths beside /resource/upload (upload_resource, batch_upload)
 * and uploads that name no kind (SPEC 7), which take it from the content.
 * What each kind accepts: upload-kinds.routes.test.ts.
 */
let t: TTestApp;
let headers: Record<string, string>;
let upload: TUploader['upload'];
let fetchStored: TUploader['fetchStored'];
const image = testImage;

beforeAll(async () => {
  ({ t, headers, upload, fetchStored } = await signedInUploader());
});

afterAll(async () => {
  await t.close();
});

describe('the other upload paths', () => {
  it('POST /upload_resource works like /resource/upload', async () => {
    const res = await upload(
      'design',
      { data: binaryStl(1), name: 'a.stl' },
      '/api/v1/upload_resource',
    );
    expect(res.json()).toMatchObject({ code: 200, data: { filename: 'a.stl' } });
  });

  it('POST /batch_upload takes many files in `files` and answers a list', async () => {
    const png = await image(20, 20).png().toBuffer();
    const body = await multipartBody({ kind: 'feedback' }, [
      { field: 'files', data: png, name: 'one.png' },
      { field: 'files', data: await image(30, 10).jpeg().toBuffer(), name: 'two.jpg' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batch_upload',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    const list = ZBatchUploadResponse.parse(res.json()).data;
    expect(list.map((item) => item.filename)).toEqual(['one.webp', 'two.webp']);
    expect(list.every((item) => item.thumbnail)).toBe(true);
  });

  it('refuses more than 20 files in one batch, a batch without files, and visitors', async () => {
    const png = await image(2, 2).png().toBuffer();
    const many = await multipartBody(
      { kind: 'cover' },
      Array.from({ length: 21 }, (_, i) => ({ field: 'files', data: png, name: `${i}.png` })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batch_upload?kind=cover',
      payload: many.payload,
      headers: { ...many.headers, ...headers },
    });
    expect(res.json()).toMatchObject({
      code: 413,
      msg: 'Too many files in one upload (at most 20).',
    });
    const none = await multipartBody({ kind: 'cover' }, []);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batch_upload',
      payload: none.payload,
      headers: { ...none.headers, ...headers },
    });
    expect(empty.json()).toMatchObject({ code: 400, msg: 'Please choose a file to upload.' });
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/v1/batch_upload',
      payload: none.payload,
      headers: none.headers,
    });
    expect(visitor.statusCode).toBe(401);
  });
});

describe('uploads without a kind (SPEC 7 names none)', () => {
  // A user of its own, so the hourly file count (ADR 0005) starts afresh.
  let own: Record<string, string>;
  beforeAll(async () => {
    own = (await signIn(t, (await createUser(t.db)).id)).headers;
  });

  /** Posts files with no `kind` at all, as a SPEC 7 client does. */
  const post = async (url: string, parts: TMultipartFile[], lang = 'en') => {
    const body = await multipartBody({}, parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...own, 'content-language': lang },
    });
  };
  const kindOf = async (url: string) =>
    (
      await t.db
        .select()
        .from(files)
        .where(eq(files.url, url.split('?')[0] ?? url))
        .orderBy(desc(files.id))
    )[0]?.kind;

  it('takes the kind from the content on both single-file paths', async () => {
    const png = await image(41, 29).png().toBuffer();
    const cover = await post('/api/v1/resource/upload', [{ data: png, name: 'photo.png' }]);
    expect(cover.statusCode).toBe(200);
    const coverData = ZUploadResponse.parse(cover.json()).data;
    // An image follows the cover rules: re-encoded to WebP with a thumbnail.
    expect(coverData).toMatchObject({ filename: 'photo.webp', mime: 'image/webp' });
    expect(coverData.thumbnail).toBeTruthy();
    expect(await kindOf(coverData.url)).toBe('cover');

    const pdf = await post('/api/v1/upload_resource', [{ data: MINIMAL_PDF, name: 'guide.pdf' }]);
    const pdfData = ZUploadResponse.parse(pdf.json()).data;
    expect(pdfData.mime).toBe('application/pdf');
    expect(await kindOf(pdfData.url)).toBe('instruction');

    const stl = await post('/api/v1/resource/upload', [{ data: binaryStl(3), name: 'part.stl' }]);
    const stlData = ZUploadResponse.parse(stl.json()).data;
    expect(stlData.filename).toBe('part.stl');
    expect(await kindOf(stlData.url)).toBe('design');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>x()</script></svg>');
    const vector = await post('/api/v1/resource/upload', [{ data: svg, name: 'cut.svg' }]);
    const vectorData = ZUploadResponse.parse(vector.json()).data;
    expect(await kindOf(vectorData.url)).toBe('design');
    // Design rules: the SVG is sanitised.
    expect((await fetchStored(vectorData.url)).toString()).not.toContain('script');
  });

  it('decides each file of a batch on its own', async () => {
    const zip = await buildZip([{ name: 'model.stl', data: binaryStl(2) }]);
    const res = await post('/api/v1/batch_upload', [
      { field: 'files', data: await image(23, 17).jpeg().toBuffer(), name: 'a.jpg' },
      { field: 'files', data: zip, name: 'pack.zip' },
    ]);
    const list = ZBatchUploadResponse.parse(res.json()).data;
    expect(list.map((item) => item.mime)).toEqual(['image/webp', 'application/zip']);
    expect([await kindOf(list[0]?.url ?? ''), await kindOf(list[1]?.url ?? '')]).toEqual([
      'cover',
      'design',
    ]);
  });

  it('still refuses executables and unknown content, in the caller’s language', async () => {
    const elf = await post('/api/v1/resource/upload', [{ data: ELF, name: 'tool.stl' }], 'zh');
    expect(elf.json()).toEqual({ code: 400, msg: '不能上传可执行文件或脚本。', data: null });
    const text = await post('/api/v1/resource/upload', [
      { data: Buffer.from('plain words'), name: 'notes.txt' },
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().msg).toMatch(/^This design file format is not supported/);
  });
});
