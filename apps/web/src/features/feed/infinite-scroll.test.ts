import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isNearBottom,
  LOAD_MORE_THRESHOLD_PX,
  listenToScroll,
  scrollAreaOf,
  throttle,
} from './infinite-scroll';

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

  it('scrolls in the content area when there is one, else in the window', () => {
    const main = document.createElement('main');
    const inside = document.createElement('div');
    main.append(inside);
    expect(scrollAreaOf(inside)).toEqual({ element: main, events: main });
    expect(scrollAreaOf(null).events).toBe(window);
  });

  it('listens to the area throttled and stops with its clean-up', () => {
    const main = document.createElement('main');
    const onScroll = vi.fn();
    const stop = listenToScroll({ element: main, events: main }, onScroll);
    main.dispatchEvent(new Event('scroll'));
    main.dispatchEvent(new Event('scroll'));
    expect(onScroll).toHaveBeenCalledTimes(1);
    stop();
    vi.advanceTimersByTime(1000);
    main.dispatchEvent(new Event('scroll'));
    expect(onScroll).toHaveBeenCalledTimes(1);
  });
});
