import { LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createResponseCache } from './cache';
import { deferred, envelope, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

let served = 0;
function counting() {
  served += 1;
  return envelope(served);
}

describe('SPEC 7 GET cache (5 minutes)', () => {
  it('answers a repeated GET from the cache until 5 minutes have passed', async () => {
    const { client, calls } = setup(counting);
    const first = await client.get('/api/v1/banner/list');
    await vi.advanceTimersByTimeAsync(LIMITS.getCacheMs - 1);
    expect(await client.get('/api/v1/banner/list')).toBe(first);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await client.get('/api/v1/banner/list');
    expect(calls).toHaveLength(2);
  });

  it('is skipped, for reading and writing, by cache: false', async () => {
    const { client, calls } = setup(counting);
    await client.get('/api/v1/banner/list');
    await vi.advanceTimersByTimeAsync(LIMITS.dedupMs);
    await client.get('/api/v1/banner/list', { cache: false });
    await vi.advanceTimersByTimeAsync(LIMITS.dedupMs);
    await client.get('/api/v1/works', { cache: false });
    await vi.advanceTimersByTimeAsync(LIMITS.dedupMs);
    await client.get('/api/v1/works');
    expect(calls).toHaveLength(4);
  });

  it('keys on the query, the locale and whether a token is present', async () => {
    let locale: 'zh' | 'en' = 'en';
    let token: string | null = 'a';
    const { client, calls } = setup(counting, {
      getLocale: () => locale,
      getToken: () => token,
    });
    await client.get('/api/v1/works', { query: { page: 1 } });
    await client.get('/api/v1/works', { query: { page: 2 } });
    locale = 'zh';
    await client.get('/api/v1/works', { query: { page: 1 } });
    token = null;
    await client.get('/api/v1/works', { query: { page: 1 } });
    token = 'another-token-same-presence';
    await client.get('/api/v1/works', { query: { page: 1 } });
    expect(calls).toHaveLength(4);
  });

  it('is emptied by any successful non-GET call', async () => {
    const { client, calls } = setup(counting);
    await client.get('/api/v1/works/like');
    await client.put('/api/v1/works/like/4', {});
    await client.get('/api/v1/works/like');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'PUT', 'GET']);
  });

  it('is kept when the non-GET call fails', async () => {
    const { client, calls } = setup((call) =>
      call.method === 'POST' ? envelope(null, 1008, 'bad') : counting(),
    );
    await client.get('/api/v1/works/like');
    await rejection(client.post('/api/v1/user/login', {}));
    await client.get('/api/v1/works/like');
    expect(calls).toHaveLength(2);
  });

  it('does not keep failures', async () => {
    let fail = true;
    const { client, calls } = setup(() => (fail ? envelope(null, 1001, 'no') : counting()));
    await rejection(client.get('/api/v1/user/captcha'));
    fail = false;
    await vi.advanceTimersByTimeAsync(LIMITS.dedupMs);
    await client.get('/api/v1/user/captcha');
    expect(calls).toHaveLength(2);
  });

  it('is emptied by clearCache()', async () => {
    const { client, calls } = setup(counting);
    await client.get('/api/v1/banner/list');
    client.clearCache();
    await client.get('/api/v1/banner/list');
    expect(calls).toHaveLength(2);
  });

  it('does not store a GET answer that was in flight while a write succeeded', async () => {
    const held = deferred<Response>();
    let gets = 0;
    const { client } = setup((call) => {
      if (call.method !== 'GET') return envelope();
      gets += 1;
      return gets === 1 ? held.promise : envelope('after the write');
    });
    const stale = client.get('/api/v1/works/like');
    await vi.advanceTimersByTimeAsync(0);
    await client.post('/api/v1/works/like/4', {});
    held.resolve(envelope('before the write'));
    expect((await stale).data).toBe('before the write');
    expect((await client.get('/api/v1/works/like')).data).toBe('after the write');
  });
});

describe('createResponseCache', () => {
  it('drops writes stamped before a clear', () => {
    const cache = createResponseCache(1000);
    const stamp = cache.stamp();
    cache.clear();
    cache.set('k', 1, stamp);
    expect(cache.get('k')).toBeUndefined();
    cache.set('k', 2, cache.stamp());
    expect(cache.get('k')).toBe(2);
  });
});
