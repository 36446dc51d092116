import { randomBytes } from 'node:crypto';
import { message } from '@layerline/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { workFixture } from '../../test/works-fixture';

/** Small numbers for the per-user download and work-save limits (ADR 0005). */
const userLimits = {
  downloads: { max: 3, windowMs: 60_000 },
  workSaves: { max: 3, windowMs: 60_000 },
};

let t: TTestApp;
let workId: number;

const headersOf = async (userId: number) => ({
  ...(await signIn(t, userId)).headers,
  'content-language': 'zh',
});
const someone = async () => headersOf((await createUser(t.db)).id);

function expectTooMany(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toMatchObject({
    code: 429,
    msg: message('zh', 'tooManyRequests'),
    data: { retryAfter: expect.any(Number) },
  });
}

/** A valid publish form of `userId`'s own uploads. */
async function formOf(userId: number) {
  const fixture = await workFixture(t, userId);
  return fixture.form();
}

beforeAll(async () => {
  t = await createTestApp({ userLimits, env: { REVIEW_MODE: 'auto' } });
  const ownerId = (await createUser(t.db)).id;
  const file = await storeUpload(t, ownerId, 'design', randomBytes(500), 'part.stl', 'model/stl');
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/works/create',
    headers: await headersOf(ownerId),
    payload: (await workFixture(t, ownerId)).form({ project_file: [{ url: file.url }] }),
  });
  expect(created.statusCode).toBe(200);
  workId = created.json().data.id;
});

afterAll(async () => {
  await t.close();
});

describe('downloads per user (ADR 0005)', () => {
  const download = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/works/download/${workId}`, headers });
  const downloadCount = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/works/${workId}` })).json().data
      .download_count;

  it('answers 429 (localised) after the limit; others and the daily count are unaffected', async () => {
    const reader = await someone();
    for (let i = 0; i < 3; i += 1) expect((await download(reader)).statusCode).toBe(200);
    expectTooMany(await download(reader));
    expect((await download(await someone())).statusCode).toBe(200);
    // Still once per user and day.
    expect(await downloadCount()).toBe(2);
  });
});

describe('work saves per user (ADR 0005)', () => {
  it('counts creates and updates together and answers 429 (localised) after the limit', async () => {
    const userId = (await createUser(t.db)).id;
    const headers = await headersOf(userId);
    const form = await formOf(userId);
    const create = () =>
      t.app.inject({ method: 'POST', url: '/api/v1/works/create', headers, payload: form });
    const first = await create();
    expect(first.statusCode).toBe(200);
    const id = first.json().data.id as number;
    const update = (title: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/works/update',
        headers,
        payload: { ...form, id, title },
      });
    expect((await update('v2')).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
    expectTooMany(await update('v3'));
    expectTooMany(await create());

    const other = (await createUser(t.db)).id;
    const otherCreate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/works/create',
      headers: await headersOf(other),
      payload: await formOf(other),
    });
    expect(otherCreate.statusCode).toBe(200);
  });
});
