import { ZAiFeaturesResponse, ZAiJobResponse, ZAiJobsResponse } from '@layerline/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { signIn } from '../../test/auth-helpers';
import { grayRamp } from '../../test/engine-images';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { AI_FAILURE_REASONS, engineMessage, type TAiEngine } from './ai-engine';
import { createAiEngineRegistry } from './ai-engines.registry';
import type { TAiJobRow } from './ai-jobs.queue';
import { toAiJob } from './ai-jobs.service';

let t: TTestApp;

type TWho = { id: number; headers: { authorization: string } };
async function who(points = 50): Promise<TWho> {
  const user = await createUser(t.db, { points });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}
const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  as?: TWho,
  payload?: unknown,
  locale = 'en',
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(as?.headers ?? {}), 'content-language': locale },
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const pointsOf = async (id: number) =>
  (await t.db.select({ p: users.points }).from(users).where(eq(users.id, id)))[0]?.p;

beforeAll(async () => {
  // Balances here are the ones each test sets; the daily top-up before a charge
  // is tested in ai-jobs.queue.test.ts.
  t = await createTestApp({ env: { POINTS_DAILY_ALLOWANCE: '0' } });
});
afterAll(async () => {
  await t.close();
});

describe('AI API (ADR 0012)', () => {
  it('lists features with cost and availability to visitors', async () => {
    const res = await call('GET', '/ai/features');
    expect(res.statusCode).toBe(200);
    const body = ZAiFeaturesResponse.parse(res.json());
    expect(body.data.find((f) => f.kind === 'laser_image')).toMatchObject({
      available: true,
      cost: 1,
    });
    expect(body.data.find((f) => f.kind === 'image_to_3d')?.available).toBe(false);
  });

  it('creates, reads, lists and cancels own jobs; another user gets 404', async () => {
    const me = await who();
    const image = await storeUpload(t, me.id, 'ai', await grayRamp(16, 16), 'r.png', 'image/png');
    const created = await call('POST', '/ai/jobs', me, {
      kind: 'laser_image',
      params: { imageUrl: image.url },
    });
    expect(created.statusCode).toBe(200);
    const job = ZAiJobResponse.parse(created.json()).data;
    expect(job).toMatchObject({ state: 'queued', cost: 1 });
    expect(await pointsOf(me.id)).toBe(49);

    expect((await call('GET', `/ai/jobs/${job.id}`, me)).statusCode).toBe(200);
    const stranger = await who();
    expect((await call('GET', `/ai/jobs/${job.id}`, stranger)).statusCode).toBe(404);
    expect((await call('POST', `/ai/jobs/${job.id}/cancel`, stranger)).statusCode).toBe(404);

    const list = ZAiJobsResponse.parse((await call('GET', '/ai/jobs?page=1&size=5', me)).json());
    expect(list.total).toBe(1);
    expect(list.data[0]?.id).toBe(job.id);
    // SPEC 3 AI records: the record's columns, from the row (no result yet, so no format).
    expect(list.data[0]).toMatchObject({
      kind: 'laser_image',
      prompt: null,
      style: null,
      ratio: null,
      count: 1,
      format: null,
      size: '100 mm wide',
    });

    const cancelled = ZAiJobResponse.parse(
      (await call('POST', `/ai/jobs/${job.id}/cancel`, me)).json(),
    );
    expect(cancelled.data).toMatchObject({
      state: 'cancelled',
      errorReason: 'cancelled',
      errorMessage: 'Cancelled. Your points were refunded.',
    });
    expect(await pointsOf(me.id)).toBe(50);
    // SPEC 8 AI messages in the reader's language.
    const inChinese = (await call('GET', `/ai/jobs/${job.id}`, me, undefined, 'zh')).json();
    expect(inChinese.data.errorMessage).toBe('已取消，积分已退回。');

    expect((await call('DELETE', `/ai/jobs/${job.id}`, me)).statusCode).toBe(200);
    expect((await call('GET', `/ai/jobs/${job.id}`, me)).statusCode).toBe(404);
  });

  it("refuses someone else's image, an unavailable kind and a visitor, charging nothing", async () => {
    const me = await who();
    const other = await who();
    const image = await storeUpload(
      t,
      other.id,
      'ai',
      await grayRamp(16, 16),
      'o.png',
      'image/png',
    );
    const foreign = await call('POST', '/ai/jobs', me, {
      kind: 'vectorize',
      params: { imageUrl: image.url },
    });
    expect(foreign.statusCode).toBe(400);
    const unavailable = await call('POST', '/ai/jobs', me, {
      kind: 'image_to_3d',
      params: { imageUrl: image.url },
    });
    expect(unavailable.statusCode).toBe(503);
    expect(
      (await call('POST', '/ai/jobs', undefined, { kind: 'vectorize', params: {} })).statusCode,
    ).toBe(401);
    expect(await pointsOf(me.id)).toBe(50);
  });

  it('answers a missing prompt with a parameter error and SPEC 8 insufficient points in zh', async () => {
    const poor = await who(1);
    const missing = await call('POST', '/ai/jobs', poor, { kind: 'text_to_logo', params: {} });
    expect(missing.statusCode).toBe(400);
    const image = await storeUpload(t, poor.id, 'ai', await grayRamp(16, 16), 'p.png', 'image/png');
    const broke = await call(
      'POST',
      '/ai/jobs',
      poor,
      { kind: 'vectorize', params: { imageUrl: image.url } },
      'zh',
    );
    expect(broke.statusCode).toBe(400);
    expect(broke.json().msg).toBe('积分不足，请等待明日刷新');
    const brokeEn = await call('POST', '/ai/jobs', poor, {
      kind: 'vectorize',
      params: { imageUrl: image.url },
    });
    expect(brokeEn.statusCode).toBe(400);
    expect(brokeEn.json().msg).toMatch(/^Insufficient points, please wait for tomorrow's refresh/);
    expect(await pointsOf(poor.id)).toBe(1);
    const list = ZAiJobsResponse.parse((await call('GET', '/ai/jobs', poor)).json());
    expect(list.total).toBe(0);
  });

  it("takes only the caller's own AI image upload of at most 10 MB as a source, and needs one for 3D (SPEC 5)", async () => {
    const me = await who();
    const png = await grayRamp(16, 16);
    const cover = await storeUpload(t, me.id, 'cover', png, 'c.png', 'image/png');
    const notImage = await storeUpload(
      t,
      me.id,
      'ai',
      Buffer.from('%PDF-1.7'),
      'a.pdf',
      'application/pdf',
    );
    const tooLarge = await storeUpload(
      t,
      me.id,
      'ai',
      Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'big.png',
      'image/png',
    );
    for (const source of [cover, notImage, tooLarge]) {
      const res = await call('POST', '/ai/jobs', me, {
        kind: 'vectorize',
        params: { imageUrl: source.url },
      });
      expect([source.filename, res.statusCode]).toEqual([source.filename, 400]);
    }
    for (const kind of ['relief_3d', 'lithophane', 'cookie_cutter']) {
      const res = await call('POST', '/ai/jobs', me, { kind, params: {} });
      expect([kind, res.statusCode, res.json().msg]).toEqual([
        kind,
        400,
        expect.stringContaining('imageUrl'),
      ]);
    }
    expect(await pointsOf(me.id)).toBe(50);
    const list = ZAiJobsResponse.parse((await call('GET', '/ai/jobs', me)).json());
    expect(list.total).toBe(0);
    // The same picture as the caller's AI upload is accepted.
    const own = await storeUpload(t, me.id, 'ai', png, 'own.png', 'image/png');
    const accepted = await call('POST', '/ai/jobs', me, {
      kind: 'vectorize',
      params: { imageUrl: own.url },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('answers sensitive words in a prompt with 406 and charges nothing (SPEC 8)', async () => {
    const me = await who(10);
    const dirty = await call(
      'POST',
      '/ai/jobs',
      me,
      { kind: 'text_to_logo', params: { text: '赌博' } },
      'zh',
    );
    expect(dirty.statusCode).toBe(406);
    expect(dirty.json()).toMatchObject({ code: 406, data: { words: ['赌博'] } });
    expect(await pointsOf(me.id)).toBe(10);
  });
});

describe('AI job input rules that need a configured engine (SPEC 5)', () => {
  it('refuses image-to-image without an original image before charging anything', async () => {
    const fakeImages: TAiEngine = {
      kind: 'image_to_image',
      name: 'test:images',
      run: async () => ({ files: [] }),
    };
    const withEngine = await createTestApp({
      env: { POINTS_DAILY_ALLOWANCE: '0' },
      ai: { registry: createAiEngineRegistry({ local: [], providers: [fakeImages] }) },
    });
    try {
      const user = await createUser(withEngine.db, { points: 50 });
      const { headers } = await signIn(withEngine, user.id);
      const res = await withEngine.app.inject({
        method: 'POST',
        url: '/api/v1/ai/jobs',
        headers: { ...headers, 'content-language': 'zh' },
        payload: { kind: 'image_to_image', params: { prompt: '水彩风格的猫' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('imageUrl');
      const [row] = await withEngine.db
        .select({ points: users.points })
        .from(users)
        .where(eq(users.id, user.id));
      expect(row?.points).toBe(50);
    } finally {
      await withEngine.close();
    }
  });
});

describe('SPEC 8 AI messages for every way a job ends without a result', () => {
  it('names each reason in zh and en', () => {
    const row = (errorReason: string) =>
      ({
        id: 1,
        kind: 'vectorize',
        state: 'failed',
        params: {},
        engine: 'local',
        stage: null,
        percent: 0,
        cost: 2,
        resultFiles: [],
        resultText: null,
        errorReason,
        createdAt: new Date(0),
        startedAt: null,
        finishedAt: null,
      }) as unknown as TAiJobRow;
    const reasons = [...AI_FAILURE_REASONS, 'cancelled'];
    const en = reasons.map((r) => toAiJob(row(r), 'en').errorMessage);
    const zh = reasons.map((r) => toAiJob(row(r), 'zh').errorMessage);
    expect(new Set(en).size).toBe(reasons.length);
    expect(new Set(zh).size).toBe(reasons.length);
    expect(en[0]).toMatch(/timed out/);
    expect(zh[0]).toMatch(/超时/);
    expect(zh[5]).toMatch(/上传/);
    expect(toAiJob({ ...row('x'), errorReason: null } as TAiJobRow, 'en').errorMessage).toBeNull();
  });

  it('shows an engine message of its own (eraser mask too large, unsure cut-out) in zh and en', () => {
    const row = (errorReason: string, errorMessage: string) =>
      ({
        kind: 'erase',
        state: 'failed',
        params: {},
        cost: 2,
        resultFiles: [],
        errorReason,
        errorMessage,
        createdAt: new Date(0),
      }) as unknown as TAiJobRow;
    const tooLarge = row('badParameters', engineMessage('aiEraseMaskTooLarge', 'covers 60%'));
    expect(toAiJob(tooLarge, 'en').errorMessage).toMatch(/small blemishes.* 25% /);
    expect(toAiJob(tooLarge, 'zh').errorMessage).toMatch(/小瑕疵.*25%/);
    const unsure = row('failed', engineMessage('aiCutoutUnsure', 'unsure'));
    expect(toAiJob(unsure, 'en').errorMessage).toMatch(/could not be told apart.*refunded/);
    expect(toAiJob(unsure, 'zh').errorMessage).toMatch(/无法把主体与背景区分开.*积分已退回/);
    // Any other stored text keeps the reason's own message.
    expect(toAiJob(row('failed', 'other: text'), 'en').errorMessage).toMatch(/Generation failed/);
  });
});
