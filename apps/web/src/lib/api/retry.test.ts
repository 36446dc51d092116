import { LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_POLICIES, retryDelays } from './retry';
import { envelope, jsonResponse, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('SPEC 7 retry policy', () => {
  it('waits 500ms then 750ms (x1.5), or 1000ms three times for the second variant', () => {
    expect(retryDelays(RETRY_POLICIES.default)).toEqual([500, 750]);
    expect(retryDelays(RETRY_POLICIES.alt)).toEqual([1000, 1000, 1000]);
  });

  it('retries a failing GET 2 times on the default schedule, then reports once', async () => {
    const { client, calls, options } = setup(networkDown);
    const result = rejection(client.get('/api/v1/works'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(749);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(3);
    expect((await result).kind).toBe('network');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(3);
    expect(options.notify).toHaveBeenCalledTimes(1);
    expect(options.notify).toHaveBeenCalledWith('error', 'api.networkError');
  });

  it('retries 3 times with 1000ms in the alt variant', async () => {
    const { client, calls } = setup(networkDown, { variant: 'alt' });
    const result = rejection(client.get('/api/v1/works'));
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls).toHaveLength(4);
    await result;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(4);
  });

  it('resolves when a retry succeeds, without a toast', async () => {
    let failures = 1;
    const { client, options } = setup(() =>
      failures-- > 0 ? jsonResponse({ code: 500, msg: 'boom', data: null }, 500) : envelope('ok'),
    );
    const result = client.get('/api/v1/works');
    await vi.advanceTimersByTimeAsync(500);
    expect((await result).data).toBe('ok');
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('retries timeouts and 5xx on PUT and DELETE too', async () => {
    const { client, calls } = setup((call) =>
      call.method === 'PUT'
        ? new Promise<Response>(() => {})
        : new Response('Bad gateway', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    const put = rejection(client.put('/api/v1/works/update', {}));
    const del = rejection(client.del('/api/v1/works/3'));
    await vi.advanceTimersByTimeAsync(3 * LIMITS.requestTimeoutMs + 1250);
    expect((await put).kind).toBe('timeout');
    expect((await del).message).toBe('api.statusError {"status":502}');
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(3);
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(3);
  });

  it('never retries a POST: the server may already have applied it', async () => {
    const { client, calls } = setup(networkDown);
    const result = rejection(client.post('/api/v1/works/create', { title: 'x' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await result).kind).toBe('network');
    expect(calls).toHaveLength(1);
  });

  describe('a busy server (ADR 0050: 503 serverBusy with data.retryAfter)', () => {
    const busy = (seconds: number) =>
      jsonResponse(
        { code: 503, msg: 'The server is busy right now.', data: { retryAfter: seconds } },
        503,
      );

    it('sends a refused POST again after the seconds it was told, once it is let in', async () => {
      let refusals = 1;
      const { client, calls, options } = setup(() =>
        refusals-- > 0 ? busy(2) : envelope({ isLike: true }),
      );
      const result = client.post('/api/v1/like/7', {});
      await vi.advanceTimersByTimeAsync(1999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      expect((await result).data).toEqual({ isLike: true });
      expect(options.notify).not.toHaveBeenCalled();
    });

    it('waits Retry-After rather than the shorter SPEC 7 delay on a GET', async () => {
      const { client, calls } = setup(() => busy(1));
      const result = rejection(client.get('/api/v1/works'));
      await vi.advanceTimersByTimeAsync(999);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(calls).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1000);
      expect(calls).toHaveLength(3);
      expect((await result).kind).toBe('server');
    });

    it('reports at once, in the server words, when asked to wait past the cap', async () => {
      const { client, calls, options } = setup(() => busy(60));
      const result = rejection(client.post('/api/v1/like/7', {}));
      await vi.advanceTimersByTimeAsync(120_000);
      expect(calls).toHaveLength(1);
      expect((await result).message).toBe('The server is busy right now.');
      expect(options.notify).toHaveBeenCalledWith('error', 'The server is busy right now.');
    });

    it('still never sends a POST twice after a 500 or a 503 that gives no wait', async () => {
      const answers = [
        jsonResponse({ code: 500, msg: 'boom', data: null }, 500),
        jsonResponse({ code: 503, msg: 'down', data: null }, 503),
      ];
      let index = 0;
      const { client, calls } = setup(() => answers[index++] ?? envelope());
      void rejection(client.post('/api/v1/a', {}));
      await vi.advanceTimersByTimeAsync(5000);
      void rejection(client.post('/api/v1/b', {}));
      await vi.advanceTimersByTimeAsync(5000);
      expect(calls).toHaveLength(2);
    });
  });

  it('does not retry business codes, 403, 404 or other 4xx', async () => {
    const answers = [
      envelope(null, 1001, 'get captcha error'),
      envelope(null, 403, 'no'),
      envelope(null, 404, 'gone'),
      jsonResponse({ code: 429, msg: 'slow down', data: null }, 429),
    ];
    let index = 0;
    const { client, calls } = setup(() => answers[index++] ?? envelope());
    for (const path of ['/a', '/b', '/c', '/d']) {
      void rejection(client.get(`/api/v1${path}`));
      await vi.advanceTimersByTimeAsync(5000);
    }
    expect(calls).toHaveLength(4);
  });

  it('stops waiting between retries when the caller aborts', async () => {
    const { client, calls, options } = setup(networkDown);
    const controller = new AbortController();
    const result = rejection(client.get('/api/v1/works', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    expect((await result).isCancel).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    expect(options.notify).not.toHaveBeenCalled();
  });
});
