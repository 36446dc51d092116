import { randomInt } from 'node:crypto';
import { message } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { binaryStl } from '../../test/design-files';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { multipartBody, uploadThroughApi } from '../../test/uploads';

/** Small numbers for the per-user upload limits (ADR 0005). */
const userLimits = {
  uploadFiles: { max: 4, windowMs: 60_000 },
  uploadBytes: { max: 5000, windowMs: 60_000 },
};
const ZH_TOO_MANY = message('zh', 'tooManyRequests');

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ userLimits });
});

afterAll(async () => {
  await t.close();
});

const someone = async (app = t, id?: number) =>
  (await signIn(app, (await createUser(app.db, id ? { id } : {})).id)).headers;

/** A binary STL of 84 + 50 × triangles bytes, different each time. */
const stl = (triangles: number) => ({
  data: binaryStl(triangles, `part ${randomInt(1e9)}`),
  name: 'part.stl',
});

const uploadStl = (
  headers: Record<string, string>,
  triangles: number,
  url?: string,
  app: Pick<TTestApp, 'app'> = t,
) => uploadThroughApi(app, { ...headers, 'content-language': 'zh' }, 'design', stl(triangles), url);

function expectTooMany(res: Awaited<ReturnType<typeof uploadStl>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 429,
    msg: ZH_TOO_MANY,
    data: { retryAfter: expect.any(Number) },
  });
}

describe('per-user upload limits (ADR 0005)', () => {
  it('needs a login before anything is counted', async () => {
    const res = await uploadThroughApi(t, {}, 'design', stl(1));
    expect(res.statusCode).toBe(401);
  });

  it('counts files over the single-file paths and refuses one too many (429, localised)', async () => {
    const busy = await someone();
    expect((await uploadStl(busy, 1)).statusCode).toBe(200);
    expect((await uploadStl(busy, 1, '/api/v1/upload_resource')).statusCode).toBe(200);
    expect((await uploadStl(busy, 1)).statusCode).toBe(200);
    expect((await uploadStl(busy, 1, '/api/v1/upload_resource')).statusCode).toBe(200);
    expectTooMany(await uploadStl(busy, 1));
    expectTooMany(await uploadStl(busy, 1, '/api/v1/upload_resource'));
    // Other users are not held back.
    expect((await uploadStl(await someone(), 1)).statusCode).toBe(200);
  });

  it('counts every file of a batch', async () => {
    const batcher = await someone();
    expect((await uploadStl(batcher, 1)).statusCode).toBe(200);
    const body = await multipartBody(
      { kind: 'design' },
      [1, 2, 3, 4].map(() => ({ field: 'files', ...stl(1) })),
    );
    const batch = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/batch_upload',
        payload: body.payload,
        headers: { ...body.headers, ...headers, 'content-language': 'zh' },
      });
    expectTooMany(await batch(batcher));
    expect((await batch(await someone())).statusCode).toBe(200);
  });

  it('refuses the next file once the hour’s bytes are spent', async () => {
    const heavy = await someone();
    // 3084 bytes each: the second overshoots the 5000-byte budget, the third is refused.
    expect((await uploadStl(heavy, 60)).statusCode).toBe(200);
    expect((await uploadStl(heavy, 60)).statusCode).toBe(200);
    expectTooMany(await uploadStl(heavy, 1));
    expect((await uploadStl(await someone(), 60)).statusCode).toBe(200);
  });

  it('counts refused files too', async () => {
    const prober = await someone();
    const junk = { data: Buffer.from('MZ not a design'), name: 'x.stl' };
    for (let i = 0; i < 4; i += 1) {
      const res = await uploadThroughApi(t, prober, 'design', junk);
      expect(res.statusCode).toBe(400);
    }
    expectTooMany(await uploadStl(prober, 1));
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server instances with REDIS_URL share the counters (DESIGN 2). */
describe.skipIf(!redisUrl)('upload limits in Redis (TEST_REDIS_URL)', () => {
  let a: TTestApp;
  let b: TTestApp;

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl }, userLimits });
    b = await createTestApp({ env: { REDIS_URL: redisUrl }, userLimits, database: a.database });
  });

  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts one user’s files over both instances', async () => {
    // Fresh user ids per run: Redis keeps counters between test runs.
    const freshId = () => 1_000_000 + randomInt(1e9);
    const headers = await someone(a, freshId());
    expect((await uploadStl(headers, 1, undefined, a)).statusCode).toBe(200);
    expect((await uploadStl(headers, 1, undefined, b)).statusCode).toBe(200);
    expect((await uploadStl(headers, 1, undefined, a)).statusCode).toBe(200);
    expect((await uploadStl(headers, 1, undefined, b)).statusCode).toBe(200);
    expectTooMany(await uploadStl(headers, 1, undefined, a));
    expectTooMany(await uploadStl(headers, 1, undefined, b));
    expect((await uploadStl(await someone(a, freshId()), 1, undefined, b)).statusCode).toBe(200);
  });
});

if (!redisUrl) {
  describe('upload limits in Redis', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
