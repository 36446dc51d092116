import { ZAiFeaturesResponse, ZAiJobResponse } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/auth-helpers';
import { grayRamp } from '../../test/engine-images';
import { createUser } from '../../test/factories';
import { createTestApp, type TTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry, DEFAULT_AI_COSTS } from './ai-engines.registry';
import { AiJobQueue } from './ai-jobs.queue';
import { AiJobRunner } from './ai-jobs.runner';
import { createLocalEngines } from './engines/local-engines';
import { readPngInfo } from './engines/png-codec';

/**
 * Image-to-image on a default install (DESIGN 5): no provider is configured,
 * so only the local styles are offered, and they go through the job queue
 * and the worker, charged and refunded like every job.
 */

// What a server with no AI_* provider settings builds (ai-worker.ts createDefaultAiRegistry).
const registry = createAiEngineRegistry({ local: createLocalEngines(), providers: [] });
const cost = DEFAULT_AI_COSTS.image_to_image;
let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { POINTS_DAILY_ALLOWANCE: '0' }, ai: { registry } });
});
afterAll(async () => {
  await t.close();
});

async function who(points: number) {
  const user = await createUser(t.db, { points });
  return { id: user.id, headers: (await signIn(t, user.id)).headers };
}

function runner(): AiJobRunner {
  const queue = new AiJobQueue(t.db, registry, () => new Date());
  return new AiJobRunner(t.db, queue, registry, t.storage, {
    workerId: `image-styles-${Math.random()}`,
    heartbeatMs: 50,
    jobTimeoutMs: 60_000,
  });
}

const post = (as: { headers: Record<string, string> }, params: object, locale = 'en') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/jobs',
    headers: { ...as.headers, 'content-language': locale },
    payload: { kind: 'image_to_image', params },
  });

async function jobOf(as: { headers: Record<string, string> }, id: number) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/ai/jobs/${id}`,
    headers: as.headers,
  });
  return ZAiJobResponse.parse(res.json()).data;
}

async function pointsOf(as: { headers: Record<string, string> }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/points', headers: as.headers });
  return res.json().data.balance as number;
}

describe('image-to-image local styles on a default install (DESIGN 5)', () => {
  it('says image-to-image is available with local styles only; text-to-image and 3D are not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/ai/features' });
    const features = ZAiFeaturesResponse.parse(res.json()).data;
    expect(features.find((f) => f.kind === 'image_to_image')).toMatchObject({
      available: true,
      setting: null,
      cost,
      localStyles: ['line_drawing', 'hatching', 'stipple', 'posterize'],
      generative: false,
    });
    expect(features.find((f) => f.kind === 'text_to_image')?.available).toBe(false);
    expect(features.find((f) => f.kind === 'image_to_3d')?.available).toBe(false);
  });

  it('runs a hatching job end to end: charged, an SVG of the asked mm width, no prompt needed', async () => {
    const me = await who(50);
    const image = await storeUpload(t, me.id, 'ai', await grayRamp(200, 100), 'r.png', 'image/png');
    const created = await post(me, { imageUrl: image.url, style: 'hatching', widthMm: 60 });
    expect(created.statusCode, created.body).toBe(200);
    const job = ZAiJobResponse.parse(created.json()).data;
    expect(job).toMatchObject({ state: 'queued', cost, engine: 'local:image-styles' });
    // SPEC 3 AI records: the style and the size in mm.
    expect(job).toMatchObject({ style: 'hatching', size: '60 mm wide', ratio: null });
    expect(await pointsOf(me)).toBe(50 - cost);

    await runner().runOne();
    const done = await jobOf(me, job.id);
    expect(done).toMatchObject({ state: 'succeeded', format: 'svg' });
    expect(done.resultFiles).toHaveLength(1);
    const key = t.storage.keyFromUrl(done.resultFiles[0] as string) as string;
    const svg = (await t.storage.read(key)).toString('utf8');
    expect(svg).toContain('width="60mm" height="30mm" viewBox="0 0 60 30"');
    expect(await pointsOf(me)).toBe(50 - cost);
  });

  it('runs a line drawing as a PNG with 300 DPI when neither the options nor the source give one', async () => {
    const me = await who(50);
    const image = await storeUpload(t, me.id, 'ai', await grayRamp(64, 64), 'r.png', 'image/png');
    const created = await post(me, { imageUrl: image.url, style: 'line_drawing', widthMm: 25.4 });
    const job = ZAiJobResponse.parse(created.json()).data;
    await runner().runOne();
    const done = await jobOf(me, job.id);
    expect(done.state).toBe('succeeded');
    const png = await t.storage.read(t.storage.keyFromUrl(done.resultFiles[0] as string) as string);
    expect(readPngInfo(png)).toMatchObject({ dpi: 300, width: 300, height: 300 });
  });

  it('refunds a local-style job that fails (a blank picture has nothing to stipple)', async () => {
    const me = await who(50);
    const blank = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const image = await storeUpload(t, me.id, 'ai', blank, 'w.png', 'image/png');
    const created = await post(me, { imageUrl: image.url, style: 'stipple' });
    const job = ZAiJobResponse.parse(created.json()).data;
    expect(await pointsOf(me)).toBe(50 - cost);
    await runner().runOne();
    expect(await jobOf(me, job.id)).toMatchObject({
      state: 'failed',
      errorReason: 'badParameters',
    });
    expect(await pointsOf(me)).toBe(50);
  });

  it('answers a generative or unknown style with a localised 400 and charges nothing', async () => {
    const me = await who(50);
    const image = await storeUpload(t, me.id, 'ai', await grayRamp(16, 16), 'r.png', 'image/png');
    for (const params of [
      { imageUrl: image.url, prompt: 'a watercolour cat', style: 'watercolor' },
      { imageUrl: image.url, prompt: 'a cat' },
      { imageUrl: image.url, style: 'oil_paint' },
    ]) {
      const zh = await post(me, params, 'zh');
      expect(zh.statusCode).toBe(400);
      expect(zh.json().msg).toBe('参数错误：style');
      const en = await post(me, params);
      expect(en.json().msg).toBe('Invalid parameters: style');
    }
    // A local style with an option out of range names the option.
    const wide = await post(me, { imageUrl: image.url, style: 'stipple', widthMm: 5000 });
    expect([wide.statusCode, wide.json().msg]).toEqual([400, 'Invalid parameters: widthMm']);
    expect(await pointsOf(me)).toBe(50);
  });
});

describe('image-to-image with a provider configured (DESIGN 5)', () => {
  it('sends local styles to the local engine and the provider’s styles to the provider', async () => {
    const provider: TAiEngine = {
      kind: 'image_to_image',
      name: 'test:generator',
      run: async () => ({ files: [] }),
    };
    const both = createAiEngineRegistry({ local: createLocalEngines(), providers: [provider] });
    const app = await createTestApp({
      env: { POINTS_DAILY_ALLOWANCE: '0' },
      ai: { registry: both },
    });
    try {
      const user = await createUser(app.db, { points: 50 });
      const { headers } = await signIn(app, user.id);
      const image = await storeUpload(
        app,
        user.id,
        'ai',
        await grayRamp(16, 16),
        'r.png',
        'image/png',
      );
      const start = async (params: object) => {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v1/ai/jobs',
          headers,
          payload: { kind: 'image_to_image', params: { imageUrl: image.url, ...params } },
        });
        expect(res.statusCode, res.body).toBe(200);
        return ZAiJobResponse.parse(res.json()).data;
      };
      expect((await start({ style: 'stipple' })).engine).toBe('local:image-styles');
      const generated = await start({ prompt: 'a cat in watercolour', style: 'watercolor' });
      expect(generated).toMatchObject({
        engine: 'test:generator',
        style: 'watercolor',
        ratio: '1:1',
      });
      const features = ZAiFeaturesResponse.parse(
        (await app.app.inject({ method: 'GET', url: '/api/v1/ai/features' })).json(),
      ).data;
      expect(features.find((f) => f.kind === 'image_to_image')).toMatchObject({
        engine: 'test:generator',
        generative: true,
      });
    } finally {
      await app.close();
    }
  });
});
