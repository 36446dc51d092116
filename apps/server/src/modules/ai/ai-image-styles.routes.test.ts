import { ZAiFeaturesResponse, ZAiJobResponse } from '@layerline/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLocalAiApp,
  runJobThroughApi,
  signedInUser,
  type TLocalAiApp,
} from '../../test/ai-jobs';
import { signIn } from '../../test/auth-helpers';
import { grayRamp } from '../../test/engine-images';
import { createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import { storeUpload } from '../../test/uploads';
import { unsignedUrl } from '../files';
import type { TAiEngine } from './ai-engine';
import { createAiEngineRegistry, DEFAULT_AI_COSTS } from './ai-engines.registry';
import { createLocalEngines } from './engines/local-engines';
import { readPngInfo } from './engines/png-codec';

/**
 * Image-to-image on a default install (DESIGN 5): no provider is configured,
 * so only the local styles are offered, and they go through the job queue
 * and the worker, charged and refunded like every job.
 */

const cost = DEFAULT_AI_COSTS.image_to_image;
let app: TLocalAiApp;

beforeAll(async () => {
  app = await createLocalAiApp('image-styles', 60_000);
});
afterAll(async () => {
  await app.t.close();
});

const who = (points: number) => signedInUser(app.t, points);

const post = (as: { headers: Record<string, string> }, params: object, locale = 'en') =>
  app.t.app.inject({
    method: 'POST',
    url: '/api/v1/ai/jobs',
    headers: { ...as.headers, 'content-language': locale },
    payload: { kind: 'image_to_image', params },
  });

/** Runs an image-to-image job through the API and the local engines. */
const runStyle = (as: { headers: Record<string, string> }, params: object) =>
  runJobThroughApi(app, as.headers, { kind: 'image_to_image', params: { ...params } });

async function pointsOf(as: { headers: Record<string, string> }) {
  const res = await app.t.app.inject({ method: 'GET', url: '/api/v1/points', headers: as.headers });
  return res.json().data.balance as number;
}

/** A result file's bytes, read back from storage. */
/** The bytes behind an answered (signed, ADR 0051) address. */
const stored = (url: string) =>
  app.t.storage.read(app.t.storage.keyFromUrl(unsignedUrl(url)) as string);

describe('image-to-image local styles on a default install (DESIGN 5)', () => {
  it('says image-to-image is available with local styles only; text-to-image and 3D are not', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/api/v1/ai/features' });
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
    const image = await storeUpload(
      app.t,
      me.id,
      'ai',
      await grayRamp(200, 100),
      'r.png',
      'image/png',
    );
    const { queued, done } = await runStyle(me, {
      imageUrl: image.url,
      style: 'hatching',
      widthMm: 60,
    });
    expect(queued).toMatchObject({ state: 'queued', cost, engine: 'local:image-styles' });
    // SPEC 3 AI records: the style and the size in mm.
    expect(queued).toMatchObject({ style: 'hatching', size: '60 mm wide', ratio: null });
    expect(done).toMatchObject({ state: 'succeeded', format: 'svg' });
    expect(done.resultFiles).toHaveLength(1);
    const svg = (await stored(done.resultFiles[0] as string)).toString('utf8');
    expect(svg).toContain('width="60mm" height="30mm" viewBox="0 0 60 30"');
    expect(await pointsOf(me)).toBe(50 - cost);
  });

  it('runs a line drawing as a PNG with 300 DPI when neither the options nor the source give one', async () => {
    const me = await who(50);
    const image = await storeUpload(
      app.t,
      me.id,
      'ai',
      await grayRamp(64, 64),
      'r.png',
      'image/png',
    );
    const { done } = await runStyle(me, {
      imageUrl: image.url,
      style: 'line_drawing',
      widthMm: 25.4,
    });
    expect(done.state).toBe('succeeded');
    const png = await stored(done.resultFiles[0] as string);
    expect(readPngInfo(png)).toMatchObject({ dpi: 300, width: 300, height: 300 });
  });

  it('refunds a local-style job that fails (a blank picture has nothing to stipple)', async () => {
    const me = await who(50);
    const blank = await sharp({
      create: { width: 32, height: 32, channels: 3, background: '#ffffff' },
    })
      .png()
      .toBuffer();
    const image = await storeUpload(app.t, me.id, 'ai', blank, 'w.png', 'image/png');
    const created = await post(me, { imageUrl: image.url, style: 'stipple' });
    const job = ZAiJobResponse.parse(created.json()).data;
    expect(await pointsOf(me)).toBe(50 - cost);
    expect(await app.runner.runOne()).toBe(true);
    const done = await app.t.app.inject({
      method: 'GET',
      url: `/api/v1/ai/jobs/${job.id}`,
      headers: me.headers,
    });
    expect(ZAiJobResponse.parse(done.json()).data).toMatchObject({
      state: 'failed',
      errorReason: 'badParameters',
    });
    expect(await pointsOf(me)).toBe(50);
  });

  it('answers a generative or unknown style with a localised 400 and charges nothing', async () => {
    const me = await who(50);
    const image = await storeUpload(
      app.t,
      me.id,
      'ai',
      await grayRamp(16, 16),
      'r.png',
      'image/png',
    );
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
