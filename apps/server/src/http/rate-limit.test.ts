import { ZErrorEnvelope } from '@layerline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';
import { ok } from './envelope';

let t: TTestApp;

beforeAll(async () => {
  t = await createTestApp();
  t.app.get(
    '/api/test/limited',
    { config: { rateLimit: { max: 2, timeWindow: 60_000 } } },
    async () => ok('fine'),
  );
  t.app.get('/api/test/unlimited', async () => ok('fine'));
});

afterAll(async () => {
  await t.close();
});

describe('rate limiting', () => {
  it('answers 429 tooManyRequests, localised, once a route is over its limit', async () => {
    const call = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/test/limited',
        headers: { 'content-language': 'zh' },
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const limited = await call();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const body = ZErrorEnvelope.parse(limited.json());
    expect(body.code).toBe(429);
    expect(body.msg).toBe('请求过于频繁，请稍后再试。');
    expect(body.data).toEqual({ retryAfter: expect.any(Number) });
  });

  it('limits nothing that did not opt in', async () => {
    for (let i = 0; i < 5; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/unlimited' });
      expect(res.statusCode).toBe(200);
    }
  });
});
