import { LIMITS } from '@layerline/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, keptFiveMinutes, markReadsOld } from './query-client';

afterEach(() => {
  vi.useRealTimers();
});

/** A query observed as a screen would, answering how often it was asked. */
function observe(
  client: ReturnType<typeof createQueryClient>,
  key: string,
  options: Partial<typeof keptFiveMinutes> = {},
) {
  let asked = 0;
  const observer = new QueryObserver(client, {
    queryKey: [key],
    queryFn: () => {
      asked += 1;
      return asked;
    },
    ...options,
  });
  const stop = observer.subscribe(() => {});
  return { asked: () => asked, observer, stop };
}

describe('answers kept by TanStack Query (SPEC 7, SPEC 4, ADR 0049)', () => {
  it('keeps what rarely changes 5 minutes, the rest for the feed’s 30 s', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const kept = observe(client, 'banners', keptFiveMinutes);
    const plain = observe(client, 'notifications');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(LIMITS.feedCacheMs + 1);
    expect(kept.observer.getCurrentResult().isStale).toBe(false);
    expect(plain.observer.getCurrentResult().isStale).toBe(true);
    await vi.advanceTimersByTimeAsync(LIMITS.getCacheMs - LIMITS.feedCacheMs);
    expect(kept.observer.getCurrentResult().isStale).toBe(true);
    kept.stop();
    plain.stop();
  });

  it('makes the kept answers old after a write, and asks again for one on its way', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    const kept = observe(client, 'detail', keptFiveMinutes);
    const plain = observe(client, 'notifications');
    await vi.advanceTimersByTimeAsync(0);
    markReadsOld(client);
    expect(client.getQueryState(['detail'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['notifications'])?.isInvalidated).toBe(false);
    expect(kept.asked()).toBe(1);

    // A read that started before the write is asked again once the write is done.
    void client.refetchQueries({ queryKey: ['detail'] });
    expect(kept.asked()).toBe(2);
    markReadsOld(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(kept.asked()).toBe(3);
    expect(plain.asked()).toBe(1);
    kept.stop();
    plain.stop();
  });
});
