import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isEndNear, RENDER_BATCH, useProgressiveCount } from './use-progressive-count';

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

describe('useProgressiveCount (cards as the visitor comes near them)', () => {
  /** A scroll area 800 px tall at the top of the window, and the end of the rendered cards. */
  function layout(endBottom: { current: number }) {
    const main = document.createElement('main');
    const end = document.createElement('section');
    main.append(end);
    document.body.append(main);
    Object.defineProperty(main, 'clientHeight', { configurable: true, value: 800 });
    main.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 800 });
    end.getBoundingClientRect = () =>
      DOMRect.fromRect({ x: 0, y: endBottom.current - 2_000, width: 390, height: 2_000 });
    return { main, end, endRef: { current: end } };
  }

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('ends near the screen: isEndNear measures against one screen below what is visible', () => {
    const endBottom = { current: 1_600 };
    const { end } = layout(endBottom);
    // 800 px below the visible bottom (800): exactly one screen, near.
    expect(isEndNear(end)).toBe(true);
    endBottom.current = 1_601;
    expect(isEndNear(end)).toBe(false);
    expect(isEndNear(null)).toBe(true);
  });

  it('adds no batch while the end is far below, and adds them as scrolling brings it near', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const endBottom = { current: 5_000 };
    const { main, endRef } = layout(endBottom);
    const { result } = renderHook(() => useProgressiveCount(50, { endRef }));
    expect(result.current).toBe(RENDER_BATCH);
    await nextFrame();
    await nextFrame();
    // A visitor who does not scroll: the first batch only.
    expect(result.current).toBe(RENDER_BATCH);

    // Scrolled until the end is within a screen: the next batch, then one a
    // frame while it stays near.
    endBottom.current = 1_200;
    await act(async () => {
      main.dispatchEvent(new Event('scroll'));
    });
    expect(result.current).toBe(2 * RENDER_BATCH);
    await nextFrame();
    expect(result.current).toBe(3 * RENDER_BATCH);
    // The new cards pushed the end away again: no more until the next scroll.
    endBottom.current = 4_000;
    await nextFrame();
    await nextFrame();
    expect(result.current).toBe(3 * RENDER_BATCH);
  });

  it('renders them all, a batch a frame, when a position is to be put back', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame'] });
    const { endRef } = layout({ current: 9_000 });
    const { result } = renderHook(() => useProgressiveCount(20, { endRef, revealAll: true }));
    expect(result.current).toBe(RENDER_BATCH);
    await nextFrame();
    expect(result.current).toBe(2 * RENDER_BATCH);
    await nextFrame();
    expect(result.current).toBe(20);
  });
});
