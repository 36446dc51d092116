import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server instances with REDIS_URL share their counters (DESIGN 2). */
describe.skipIf(!redisUrl)('auth rate limits in Redis (TEST_REDIS_URL)', () => {
  let a: TTestApp;
  let b: TTestApp;
  const limits = { captchaPerIp: { max: 2, windowMs: 60_000 } };

  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl }, authLimits: limits });
    b = await createTestApp({ env: { REDIS_URL: redisUrl }, authLimits: limits });
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts captcha requests of one IP over both instances', async () => {
    // A fresh address per run: Redis keeps counters between test runs.
    const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(256)}`;
    const captcha = (t: TTestApp) =>
      t.app.inject({ method: 'GET', url: '/api/v1/user/captcha', remoteAddress });
    expect((await captcha(a)).statusCode).toBe(200);
    expect((await captcha(b)).statusCode).toBe(200);
    const third = await captcha(a);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 429, data: { retryAfter: expect.any(Number) } });
    expect((await captcha(b)).statusCode).toBe(429);
  });
});

if (!redisUrl) {
  describe('auth rate limits in Redis', () => {
    it.skip('need TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}
