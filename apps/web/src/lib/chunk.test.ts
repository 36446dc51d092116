import { afterEach, describe, expect, it, vi } from 'vitest';
import { createChunk, IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle } from './chunk';

describe('whenIdle (the login forms fetched before the click)', () => {
  const original = [window.requestIdleCallback, window.cancelIdleCallback] as const;
  afterEach(() => {
    [window.requestIdleCallback, window.cancelIdleCallback] = original;
    vi.useRealTimers();
  });

  it('uses requestIdleCallback with a timeout where the browser has it', () => {
    const request = vi.fn(() => 7);
    window.requestIdleCallback = request;
    window.cancelIdleCallback = vi.fn();
    const task = vi.fn();
    whenIdle(task);
    expect(request).toHaveBeenCalledWith(task, { timeout: IDLE_TIMEOUT_MS });
  });

  it('falls back to a timer, which the cancel function stops', () => {
    vi.useFakeTimers();
    // @ts-expect-error: a browser without it (Safari)
    window.requestIdleCallback = undefined;
    const task = vi.fn();
    whenIdle(task);
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(task).toHaveBeenCalledOnce();

    const cancelled = vi.fn();
    whenIdle(cancelled)();
    vi.advanceTimersByTime(IDLE_FALLBACK_MS);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('createChunk (a lazily loaded module, fetched once)', () => {
  it('imports once, keeps the module, and tries again after a failure', async () => {
    const module = { name: 'panels' };
    const importModule = vi
      .fn<() => Promise<typeof module>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(module);
    const chunk = createChunk(importModule);
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeNull();

    chunk.preload();
    await expect(chunk.load()).resolves.toBe(module);
    expect(chunk.loaded()).toBe(module);
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
