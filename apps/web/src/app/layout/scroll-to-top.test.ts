import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollToTop } from './scroll-to-top';

describe('scrollToTop (SPEC 9: 300ms)', () => {
  afterEach(() => vi.useRealTimers());

  it('reaches the top after the duration, not before', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'performance'] });
    const element = document.createElement('div');
    element.scrollTop = 1000;
    const done = scrollToTop(element, 300);
    vi.advanceTimersByTime(150);
    expect(element.scrollTop).toBeGreaterThan(0);
    expect(element.scrollTop).toBeLessThan(1000);
    vi.advanceTimersByTime(200);
    await done;
    expect(element.scrollTop).toBe(0);
  });
});
