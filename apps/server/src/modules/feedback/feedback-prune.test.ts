import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackUploads } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { multipartBody } from '../../test/uploads';
import { FEEDBACK_UPLOAD_MAX_AGE_MS, VisitorUploadPruner } from './feedback-prune';

/** Visitors' feedback images never sent are deleted after a day (SPEC 2 feedback dialog, SPEC 7). */
let t: TTestApp;
let ipCounter = 0;
const freshIp = () => {
  ipCounter += 1;
  return `10.9.0.${ipCounter}`;
};

const png = (shade: number) =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: shade, g: 90, b: 10 } } })
    .png()
    .toBuffer();

async function upload(shade: number, ip: string, headers: Record<string, string> = {}) {
  const body = await multipartBody({}, [
    { field: 'file', name: `p${shade}.png`, type: 'image/png', data: await png(shade) },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/suggestion/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string;
}

const submit = (picture: string[], ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/suggestion/submit',
    remoteAddress: ip,
    payload: { suggestion: 'See the pictures', picture },
  });

const keyOf = (url: string) => {
  const key = t.storage.keyFromUrl(new URL(url, 'http://x').pathname);
  if (!key) throw new Error(`no storage key in ${url}`);
  return key;
};

const pruner = (hoursLater: number) =>
  new VisitorUploadPruner({
    db: t.db,
    storage: t.storage,
    clock: () => new Date(Date.now() + hoursLater * 3_600_000),
  });

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('pruning visitors’ feedback uploads', () => {
  it('keeps them for a day, then deletes the unsent ones and keeps the sent ones', async () => {
    const ip = freshIp();
    const sent = await upload(10, ip);
    const unsent = await upload(200, ip);
    expect((await submit([sent], ip)).statusCode).toBe(200);
    expect(FEEDBACK_UPLOAD_MAX_AGE_MS).toBe(24 * 3_600_000);

    // Within the day: the dialog may still be open, nothing goes.
    expect(await pruner(23).prune()).toBe(0);
    expect(await t.storage.exists(keyOf(unsent))).toBe(true);
    expect(await t.db.select().from(feedbackUploads)).toHaveLength(2);

    expect(await pruner(25).prune()).toBe(1);
    expect(await t.storage.exists(keyOf(unsent))).toBe(false);
    // The sent image stays with its feedback and is still served; only its record went.
    expect(await t.storage.exists(keyOf(sent))).toBe(true);
    expect(
      (await t.app.inject({ method: 'GET', url: new URL(sent, 'http://x').pathname })).statusCode,
    ).toBe(200);
    expect(await t.db.select().from(feedbackUploads)).toEqual([]);
    // A second run has nothing left to do.
    expect(await pruner(25).prune()).toBe(0);
  });

  it('works through more records than one batch, and leaves a user’s feedback files alone', async () => {
    const ip = freshIp();
    const urls = [await upload(30, ip), await upload(40, ip), await upload(50, ip)];
    const user = await createUser(t.db);
    const own = await upload(60, freshIp(), (await signIn(t, user.id)).headers);
    expect(await pruner(25).prune(FEEDBACK_UPLOAD_MAX_AGE_MS, 2)).toBe(3);
    for (const url of urls) expect(await t.storage.exists(keyOf(url))).toBe(false);
    expect(await t.storage.exists(keyOf(own))).toBe(true);
    expect(await t.db.select().from(feedbackUploads).where(eq(feedbackUploads.url, own))).toEqual(
      [],
    );
  });
});
