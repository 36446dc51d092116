import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_FALLBACK_MS, IDLE_TIMEOUT_MS, whenIdle } from './auth-panels-chunk';

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
