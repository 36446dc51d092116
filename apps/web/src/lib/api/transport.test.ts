import { LIMITS } from '@layerline/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isCancel } from './errors';
import { envelope, rejection, settle, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const never = () => new Promise<Response>(() => {});

describe('SPEC 7 timeout and redirects', () => {
  it('gives up after 30s with the timeout message and aborts the request', async () => {
    const { client, calls, options } = setup(never);
    const result = rejection(client.post('/api/v1/works/create', { title: 'x' }));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs - 1);
    expect(calls[0]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error.kind).toBe('timeout');
    expect(error.message).toBe('api.timeout');
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(options.notify).toHaveBeenCalledWith('error', 'api.timeout');
  });

  it('takes a longer timeout when a call asks for one', async () => {
    const { client } = setup(never);
    const result = settle(client.post('/api/v1/ai/x', {}, { timeoutMs: 60_000 }));
    await vi.advanceTimersByTimeAsync(LIMITS.requestTimeoutMs);
    let isSettled = false;
    void result.then(() => {
      isSettled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(isSettled).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(isSettled).toBe(true);
  });

  it("lets the browser follow redirects itself (redirect: 'follow')", async () => {
    const { client, calls } = setup(() => envelope());
    await client.get('/api/v1/x');
    expect(calls[0]?.redirect).toBe('follow');
  });
});

describe('SPEC 8 transport failures', () => {
  it('maps a fetch TypeError to the network message', async () => {
    const { client, options } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.post('/api/v1/x', {}));
    expect(error.kind).toBe('network');
    expect(options.notify).toHaveBeenCalledWith('error', 'api.networkError');
  });

  it('maps a TypeError that mentions CORS to the CORS message', async () => {
    const { client, options } = setup(() => {
      throw new TypeError('Cross-Origin Request Blocked: CORS header missing');
    });
    const error = await rejection(client.post('/api/v1/x', {}));
    expect(error.kind).toBe('cors');
    expect(options.notify).toHaveBeenCalledWith('error', 'api.cors');
  });

  it('maps an opaque response to the CORS message', async () => {
    const opaque = new Response(null, { status: 200 });
    Object.defineProperty(opaque, 'type', { value: 'opaque' });
    Object.defineProperty(opaque, 'status', { value: 0 });
    const { client, options } = setup(() => opaque);
    const error = await rejection(client.post('/api/v1/x', {}));
    expect(error.kind).toBe('cors');
    expect(options.notify).toHaveBeenCalledWith('error', 'api.cors');
  });

  it("rejects with 'Request cancelled' when the caller aborts, without a toast", async () => {
    const { client, calls, options } = setup(never);
    const controller = new AbortController();
    const result = rejection(client.post('/api/v1/x', {}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const error = await result;
    expect(isCancel(error)).toBe(true);
    expect(error.message).toBe('api.cancelled');
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('rejects at once, without a request, when the signal is already aborted', async () => {
    const { client, calls } = setup(() => envelope());
    const error = await rejection(client.get('/api/v1/x', { signal: AbortSignal.abort() }));
    expect(isCancel(error)).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('stays silent when the call opts out of toasts', async () => {
    const { client, options } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.post('/api/v1/x', {}, { silent: true }));
    expect(error.kind).toBe('network');
    expect(options.notify).not.toHaveBeenCalled();
  });
});
