import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dedupeWindowMs } from './dedupe';
import { isCancel } from './errors';
import { deferred, envelope, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fetch that answers only when the test says so, one envelope per call. */
function heldNetwork() {
  const pending: Array<ReturnType<typeof deferred<Response>>> = [];
  const handler = () => {
    const answer = deferred<Response>();
    pending.push(answer);
    return answer.promise;
  };
  return { handler, pending };
}

describe('SPEC 7 de-duplication window', () => {
  it('is 500ms, or 200ms for /comment/ and /community/ paths', () => {
    expect(dedupeWindowMs('/api/v1/works/home')).toBe(500);
    expect(dedupeWindowMs('/api/v1/comment/work/withsub/3')).toBe(200);
    expect(dedupeWindowMs('/api/v1/community/posts/')).toBe(200);
  });
});

describe('identical GET requests', () => {
  it('share one request and one promise while in flight within the window', async () => {
    const { handler, pending } = heldNetwork();
    const { client, calls } = setup(handler);
    const first = client.get('/api/v1/works/home', { query: { page: 1 } });
    await vi.advanceTimersByTimeAsync(100);
    const second = client.get('/api/v1/works/home', { query: { page: 1 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    pending[0]?.resolve(envelope(['a']));
    expect(await second).toBe(await first);
  });

  it('are not shared when the query differs', async () => {
    const { handler } = heldNetwork();
    const { client, calls } = setup(handler);
    void client.get('/api/v1/works/home', { query: { page: 1 } });
    void client.get('/api/v1/works/home', { query: { page: 2 } });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('start a new request once the window has passed', async () => {
    const { handler } = heldNetwork();
    const { client, calls } = setup(handler);
    void client.get('/api/v1/works/home');
    await vi.advanceTimersByTimeAsync(300);
    void client.get('/api/v1/works/home');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    void client.get('/api/v1/works/home');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('use the 200ms window on comment paths', async () => {
    const { handler } = heldNetwork();
    const { client, calls } = setup(handler);
    void client.get('/api/v1/comment/work/withsub/3');
    await vi.advanceTimersByTimeAsync(199);
    void client.get('/api/v1/comment/work/withsub/3');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    void client.get('/api/v1/comment/work/withsub/3');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(2);
  });

  it('keep the shared request alive while one sharer still wants it', async () => {
    const { handler, pending } = heldNetwork();
    const { client, calls, options } = setup(handler);
    const leaving = new AbortController();
    const first = rejection(client.get('/api/v1/x', { signal: leaving.signal }));
    const second = client.get('/api/v1/x');
    await vi.advanceTimersByTimeAsync(0);
    leaving.abort();
    expect(isCancel(await first)).toBe(true);
    expect(calls[0]?.signal?.aborted).toBe(false);
    pending[0]?.resolve(envelope('kept'));
    expect((await second).data).toBe('kept');
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('abort the shared request when every sharer has aborted', async () => {
    const { handler } = heldNetwork();
    const { client, calls, options } = setup(handler);
    const a = new AbortController();
    const b = new AbortController();
    const first = rejection(client.get('/api/v1/x', { signal: a.signal }));
    const second = rejection(client.get('/api/v1/x', { signal: b.signal }));
    await vi.advanceTimersByTimeAsync(0);
    a.abort();
    expect(calls[0]?.signal?.aborted).toBe(false);
    b.abort();
    expect(isCancel(await first) && isCancel(await second)).toBe(true);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(options.notify).not.toHaveBeenCalled();
  });
});

describe('identical non-GET requests', () => {
  it("reject the repeat within 500ms with 'Request cancelled', silently", async () => {
    const { client, calls, options } = setup(() => envelope());
    await client.post('/api/v1/follow/user/8', { a: 1 });
    await vi.advanceTimersByTimeAsync(499);
    const error = await rejection(client.post('/api/v1/follow/user/8', { a: 1 }));
    expect(isCancel(error)).toBe(true);
    expect(error.message).toBe('api.cancelled');
    expect(calls).toHaveLength(1);
    expect(options.notify).not.toHaveBeenCalled();
  });

  it('let the same call through once the window has passed', async () => {
    const { client, calls } = setup(() => envelope());
    await client.post('/api/v1/follow/user/8', { a: 1 });
    await vi.advanceTimersByTimeAsync(500);
    await client.post('/api/v1/follow/user/8', { a: 1 });
    expect(calls).toHaveLength(2);
  });

  it('compare the body: a different body is a different request', async () => {
    const { client, calls } = setup(() => envelope());
    await client.post('/api/v1/suggestion/submit', { suggestion: 'a' });
    await client.post('/api/v1/suggestion/submit', { suggestion: 'b' });
    await client.put('/api/v1/suggestion/submit', { suggestion: 'a' });
    expect(calls).toHaveLength(3);
  });

  it('use the 200ms window on community paths', async () => {
    const { client, calls } = setup(() => envelope());
    await client.post('/api/v1/community/post/like/1', {});
    await vi.advanceTimersByTimeAsync(199);
    expect(isCancel(await rejection(client.post('/api/v1/community/post/like/1', {})))).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    await client.post('/api/v1/community/post/like/1', {});
    expect(calls).toHaveLength(2);
  });

  it('never treat uploads as duplicates: their bodies cannot be compared', async () => {
    const { client, calls } = setup(() => envelope());
    const form = new FormData();
    await client.post('/api/v1/resource/upload', form);
    await client.post('/api/v1/resource/upload', form);
    expect(calls).toHaveLength(2);
  });
});
