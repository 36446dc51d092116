import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNearBottom, LOAD_MORE_THRESHOLD_PX, throttle } from './infinite-scroll';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('infinite scroll (SPEC 4 Feed, SPEC 9)', () => {
  it('is near the bottom within 50 px', () => {
    expect(LOAD_MORE_THRESHOLD_PX).toBe(50);
    const at = (scrollTop: number) =>
      isNearBottom({ scrollTop, scrollHeight: 3000, clientHeight: 800 });
    expect(at(2149)).toBe(false);
    expect(at(2150)).toBe(true);
    expect(at(2200)).toBe(true);
  });

  it('runs the handler at once, then at most once per 150 ms with the last call', () => {
    const handler = vi.fn();
    const throttled = throttle(handler);
    throttled(1);
    expect(handler).toHaveBeenCalledTimes(1);
    throttled(2);
    throttled(3);
    vi.advanceTimersByTime(149);
    expect(handler).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(handler).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenLastCalledWith(3);

    vi.advanceTimersByTime(150);
    throttled(4);
    expect(handler).toHaveBeenCalledTimes(3);
    throttled(5);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(handler).toHaveBeenCalledTimes(3);
  });
});
