import { randomUUID } from 'node:crypto';
import { Code } from '@layerline/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Limiter } from './limiter';
import type { LimiterStore } from './limiter-store';
import { MemoryLimiterStore } from './memory.store';
import { RedisLimiterStore } from './redis.store';

const quietLog = { warn: vi.fn() };

function storeContract(
  name: string,
  makeStore: () => { store: LimiterStore; wait(ms: number): Promise<void> },
) {
  describe(name, () => {
    it('counts hits in a window and starts a new window after it', async () => {
      const { store, wait } = makeStore();
      const key = `test:${randomUUID()}`;
      expect((await store.hit(key, 300)).count).toBe(1);
      const second = await store.hit(key, 300);
      expect(second.count).toBe(2);
      expect(second.resetInMs).toBeGreaterThan(0);
      expect(second.resetInMs).toBeLessThanOrEqual(300);
      await wait(350);
      expect((await store.hit(key, 300)).count).toBe(1);
    });

    it('resets a key and keeps keys apart', async () => {
      const { store } = makeStore();
      const [a, b] = [`test:${randomUUID()}`, `test:${randomUUID()}`];
      await store.hit(a, 60_000);
      await store.hit(a, 60_000);
      expect((await store.hit(b, 60_000)).count).toBe(1);
      await store.reset(a);
      expect((await store.hit(a, 60_000)).count).toBe(1);
    });

    it('through the Limiter: 429 with retryAfter once over the limit', async () => {
      const { store } = makeStore();
      const limiter = new Limiter(store, quietLog);
      const subject = randomUUID();
      const limit = { max: 2, windowMs: 120_000 };
      await limiter.consume('rule', subject, limit);
      await limiter.consume('rule', subject.toUpperCase(), limit);
      await expect(
        limiter.consume('rule', subject, limit, 'applyTooFrequently'),
      ).rejects.toMatchObject({
        code: Code.TOO_MANY_REQUESTS,
        statusCode: 429,
        messageKey: 'applyTooFrequently',
        data: { retryAfter: expect.any(Number) },
      });
      await limiter.reset('rule', subject);
      await limiter.consume('rule', subject, limit);
    });

    it('counts amounts against a budget: refuses once it is spent, others unaffected', async () => {
      const { store } = makeStore();
      const limiter = new Limiter(store, quietLog);
      const [subject, other] = [randomUUID(), randomUUID()];
      const budget = { max: 1000, windowMs: 120_000 };
      await limiter.assertBudgetLeft('bytes', subject, budget);
      await limiter.spend('bytes', subject, budget, 600);
      await limiter.assertBudgetLeft('bytes', subject, budget);
      // The cost known afterwards may overshoot; the next request is refused.
      await limiter.spend('bytes', subject, budget, 600);
      await expect(limiter.assertBudgetLeft('bytes', subject, budget)).rejects.toMatchObject({
        statusCode: 429,
        messageKey: 'tooManyRequests',
        data: { retryAfter: expect.any(Number) },
      });
      await limiter.assertBudgetLeft('bytes', other, budget);
    });

    it('tells the first hit of a window from repeats', async () => {
      const { store, wait } = makeStore();
      const limiter = new Limiter(store, quietLog);
      const subject = randomUUID();
      expect(await limiter.isFirst('once', subject, 300)).toBe(true);
      expect(await limiter.isFirst('once', subject.toUpperCase(), 300)).toBe(false);
      expect(await limiter.isFirst('once', randomUUID(), 300)).toBe(true);
      await wait(350);
      expect(await limiter.isFirst('once', subject, 300)).toBe(true);
    });
  });
}

describe('MemoryLimiterStore', () => {
  let now = 0;
  storeContract('in-process store on an injected clock', () => ({
    store: new MemoryLimiterStore(() => new Date(now)),
    wait: async (ms) => {
      now += ms;
    },
  }));
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('RedisLimiterStore (TEST_REDIS_URL)', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(redisUrl ?? '', { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await redis.quit();
  });
  storeContract('Redis store', () => ({
    store: new RedisLimiterStore(redis),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }));

  it('gives every counter an expiry (INCR + PEXPIRE NX)', async () => {
    const store = new RedisLimiterStore(redis);
    const key = `test:${randomUUID()}`;
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    const ttl = await redis.pttl(`layerline:limit:${key}`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
  });
});

if (!redisUrl) {
  describe('RedisLimiterStore', () => {
    it.skip('needs TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run against a real Redis', () => {});
  });
}

describe('Limiter when the store fails', () => {
  it('lets the request through and logs a warning (a Redis outage must not lock users out)', async () => {
    const log = { warn: vi.fn() };
    const broken: LimiterStore = {
      hit: () => Promise.reject(new Error('connection refused')),
      reset: () => Promise.reject(new Error('connection refused')),
    };
    const limiter = new Limiter(broken, log);
    await limiter.consume('rule', 'x', { max: 0, windowMs: 1000 });
    await limiter.reset('rule', 'x');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});
