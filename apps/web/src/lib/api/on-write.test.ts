import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, rejection, setup } from './test-fakes';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('onWrite (ADR 0049: keeping answers is TanStack Query’s)', () => {
  it('is told after every successful write, and only then', async () => {
    const onWrite = vi.fn();
    const { client } = setup(
      (call) => (call.url.endsWith('/refused') ? envelope(null, 1008, 'no') : envelope()),
      {
        onWrite,
      },
    );
    await client.get('/api/v1/works/like');
    expect(onWrite).not.toHaveBeenCalled();
    await client.put('/api/v1/works/like/4', {});
    expect(onWrite).toHaveBeenCalledTimes(1);
    await client.del('/api/v1/works/like/4');
    await client.post('/api/v1/favor/4', {});
    expect(onWrite).toHaveBeenCalledTimes(3);
    await rejection(client.post('/api/v1/refused', {}));
    expect(onWrite).toHaveBeenCalledTimes(3);
  });

  it('asks the server again for a GET repeated after the first one answered', async () => {
    const { client, calls } = setup(() => envelope([1]));
    await client.get('/api/v1/banner/list');
    await client.get('/api/v1/banner/list');
    expect(calls).toHaveLength(2);
  });
});
