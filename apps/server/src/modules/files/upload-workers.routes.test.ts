import { createHash, randomBytes } from 'node:crypto';
import { message } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { binaryStl } from '../../test/design-files';
import { expectLoopKeptTurning, watchEventLoop } from '../../test/event-loop';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { uploadThroughApi } from '../../test/uploads';
import { buildZip, renameEntry } from '../../test/zips';
import { SVG_LIMITS } from './svg-sanitizer';

/** An SVG of `count` rects with no text between them: `count` + 1 nodes. */
const rects = (count: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">${'<rect x="1" y="2" width="3" height="4"/>'.repeat(count)}</svg>`,
  );

const uploadSvg = (t: TTestApp, headers: Record<string, string>, data: Buffer) =>
  uploadThroughApi(t, headers, 'design', { data, name: 'big.svg', type: 'image/svg+xml' });

// One app and maker for the uploads under the default caps.
let t: TTestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signIn(t, (await createUser(t.db)).id)).headers;
});

afterAll(async () => {
  await t.close();
});

describe('uploads are parsed off the event loop (ADR 0008)', () => {
  it('keeps the event loop turning while a large SVG is sanitised', async () => {
    const svg = rects(SVG_LIMITS.maxNodes - 10);
    const watched = await watchEventLoop(() => uploadSvg(t, headers, svg));
    expect(watched.result.statusCode).toBe(200);
    expect(watched.result.json().data).toMatchObject({ mime: 'image/svg+xml' });
    expectLoopKeptTurning(watched);
  });

  it('refuses an SVG over the element limit with a localised 413', async () => {
    const svg = rects(SVG_LIMITS.maxNodes + 1);
    const params = { max: SVG_LIMITS.maxNodes.toLocaleString('en-US'), depth: SVG_LIMITS.maxDepth };
    const zh = await uploadSvg(t, { ...headers, 'content-language': 'zh' }, svg);
    expect(zh.statusCode).toBe(413);
    expect(zh.json()).toEqual({
      code: 413,
      msg: message('zh', 'uploadSvgTooComplex', params),
      data: null,
    });
    const en = await uploadSvg(t, headers, svg);
    expect(en.statusCode).toBe(413);
    expect(en.json().msg).toBe(message('en', 'uploadSvgTooComplex', params));
  });

  it('refuses an SVG nested deeper than the limit', async () => {
    const depth = SVG_LIMITS.maxDepth + 2;
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(depth)}${'</g>'.repeat(depth)}</svg>`,
    );
    const res = await uploadSvg(t, headers, svg);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toMatch(/too many elements/);
  });
});

/** An xTool project of `count` canvas elements: a large JSON object. */
const xcs = (count: number) =>
  Buffer.from(
    JSON.stringify({
      canvasId: '1',
      canvas: Array.from({ length: count }, (_, i) => ({
        id: `e${i}`,
        type: 'RECT',
        x: i % 500,
        y: i % 300,
        width: 4,
        height: 6,
        stroke: '#102030',
      })),
      device: {},
    }),
  );

const uploadDesign = (t: TTestApp, headers: Record<string, string>, data: Buffer, name: string) =>
  uploadThroughApi(t, headers, 'design', { data, name });

describe('every design file parse runs in the upload pool (ADR 0008)', () => {
  it('keeps the event loop turning while a large xTool project is parsed', async () => {
    const data = xcs(300_000);
    const watched = await watchEventLoop(() => uploadDesign(t, headers, data, 'box.xcs'));
    expect(watched.result.statusCode).toBe(200);
    expect(watched.result.json().data).toMatchObject({ filename: 'box.xcs', size: data.length });
    expectLoopKeptTurning(watched);
  });

  it('stores large files under the hash the thread took of them', async () => {
    const stl = binaryStl(60_000, 'hashed in the pool');
    // Random bytes do not compress: the archive stays over the size hashed here.
    const noise = Buffer.concat([Buffer.from('solid noise\n'), randomBytes(1536 * 1024)]);
    const zip = await buildZip([{ name: 'parts/noise.stl', data: noise }]);
    for (const [data, name] of [
      [stl, 'big.stl'],
      [zip, 'kit.zip'],
      [xcs(40_000), 'box.xcs'],
    ] as const) {
      expect(data.length).toBeGreaterThan(1024 * 1024);
      const res = await uploadDesign(t, headers, data, name);
      expect(res.statusCode).toBe(200);
      const sha256 = createHash('sha256').update(data).digest('hex');
      expect(res.json().data.url).toContain(`/${sha256.slice(0, 2)}/${sha256}.`);
    }
  });

  it('answers an archive refused in the thread in the reader’s language', async () => {
    const safe = await buildZip([{ name: 'aa/aa/etc/passwd', data: Buffer.from('x') }]);
    const zip = renameEntry(safe, 'aa/aa/etc/passwd', '../../etc/passwd');
    const zh = await uploadDesign(t, { ...headers, 'content-language': 'zh' }, zip, 'kit.zip');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ code: 400, msg: message('zh', 'zipUnsafePath'), data: null });
    const broken = await uploadDesign(t, headers, Buffer.from('{"canvas": ['), 'box.xcs');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toBe(message('en', 'uploadDesignType'));
  });
});

describe('a file over the time cap (ADR 0008)', () => {
  let t: TTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // A cap no SVG parse can meet, so every SVG is a file over it.
    t = await createTestApp({ env: { UPLOAD_TASK_TIMEOUT_MS: '1' } });
    headers = (await signIn(t, (await createUser(t.db)).id)).headers;
  });

  afterAll(async () => {
    await t.close();
  });

  it('is refused with a localised message while /healthz keeps answering', async () => {
    const upload = uploadSvg(t, { ...headers, 'content-language': 'zh' }, rects(50_000));
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    const res = await upload;
    expect(health.statusCode).toBe(200);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: message('zh', 'uploadTooComplex'), data: null });
    // The thread was replaced: the pool still takes work and /healthz still answers.
    const again = await uploadSvg(t, headers, rects(10));
    expect(again.json().msg).toBe(message('en', 'uploadTooComplex'));
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('holds archives, xTool projects and the hashing of large files to the same cap', async () => {
    const zip = await buildZip([{ name: 'parts/a.stl', data: Buffer.from('solid a') }]);
    for (const [data, name] of [
      [zip, 'kit.zip'],
      [xcs(10), 'box.xcs'],
      [binaryStl(40_000), 'big.stl'],
    ] as const) {
      const res = await uploadDesign(t, { ...headers, 'content-language': 'zh' }, data, name);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ code: 413, msg: message('zh', 'uploadTooComplex'), data: null });
    }
    // A small file kept as received is hashed on the event loop, no thread needed.
    const small = await uploadDesign(t, headers, binaryStl(40), 'small.stl');
    expect(small.statusCode).toBe(200);
  });
});

describe('a full upload queue (ADR 0008)', () => {
  let t: TTestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    // One thread and no queue: a file that arrives while another is parsed is refused.
    t = await createTestApp({ env: { UPLOAD_WORKERS: '1', UPLOAD_QUEUE: '0' } });
    headers = (await signIn(t, (await createUser(t.db)).id)).headers;
  });

  afterAll(async () => {
    await t.close();
  });

  it('refuses what does not fit with a localised 503, and takes files again once free', async () => {
    const svg = rects(100_000);
    const answers = await Promise.all(
      ['zh', 'en', 'zh', 'en'].map((lang) =>
        uploadSvg(t, { ...headers, 'content-language': lang }, svg).then((res) => ({ lang, res })),
      ),
    );
    const busy = answers.filter(({ res }) => res.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(answers.some(({ res }) => res.statusCode === 200)).toBe(true);
    for (const { lang, res } of busy) {
      expect(res.json()).toEqual({
        code: 503,
        msg: message(lang === 'zh' ? 'zh' : 'en', 'uploadBusy'),
        data: null,
      });
    }
    expect((await uploadSvg(t, headers, rects(10))).statusCode).toBe(200);
  });
});
