import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RENDER_BATCH, useProgressiveCount } from './use-progressive-count';

/** Runs the next animation frame's callbacks (and the transition they start). */
const nextFrame = () => act(() => vi.advanceTimersToNextFrame());

afterEach(() => {
  vi.useRealTimers();
});

describe('useProgressiveCount (a page of cards, a batch a frame)', () => {
  it('shows one batch at first and one more each frame until all are there', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const { result } = renderHook(({ total }) => useProgressiveCount(total), {
      initialProps: { total: 50 },
    });
    expect(result.current).toBe(RENDER_BATCH);
    const seen = [result.current];
    while (result.current < 50) {
      await nextFrame();
      seen.push(result.current);
    }
    const steps = Array.from({ length: Math.ceil(50 / RENDER_BATCH) }, (_, index) =>
      Math.min(50, (index + 1) * RENDER_BATCH),
    );
    expect(seen).toEqual(steps);
    expect(steps.length).toBeGreaterThan(1);
  });

  it('adds a next page the same way, and starts again from one batch for a new list', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const short = RENDER_BATCH - 3;
    const { result, rerender } = renderHook(({ total }) => useProgressiveCount(total), {
      initialProps: { total: short },
    });
    // Shorter than a batch: all of it at once.
    expect(result.current).toBe(short);
    rerender({ total: 60 });
    expect(result.current).toBe(RENDER_BATCH);
    await nextFrame();
    expect(result.current).toBe(2 * RENDER_BATCH);

    rerender({ total: 0 });
    expect(result.current).toBe(0);
    rerender({ total: 50 });
    expect(result.current).toBe(RENDER_BATCH);
  });
});
