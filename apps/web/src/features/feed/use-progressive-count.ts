import { type RefObject, startTransition, useEffect, useState } from 'react';
import { listenToScroll, scrollAreaOf } from './infinite-scroll';

/** Cards the grid commits at once: more than a phone's first screen shows (four). */
export const RENDER_BATCH = 8;

/** How far below the visible part of the scroll area the next cards are rendered: one screen. */
export const REVEAL_AHEAD_SCREENS = 1;

/**
 * Whether the end of the rendered cards is within REVEAL_AHEAD_SCREENS of
 * the visible part of its scroll area (the shell's content area, or the
 * window). Without an element to measure, it is.
 */
export function isEndNear(end: Element | null): boolean {
  if (!end) return true;
  const area = scrollAreaOf(end as HTMLElement);
  const isWindow = area.events === window;
  const visibleBottom = isWindow ? window.innerHeight : area.element.getBoundingClientRect().bottom;
  const screen = isWindow ? window.innerHeight : area.element.clientHeight;
  return end.getBoundingClientRect().bottom - visibleBottom <= REVEAL_AHEAD_SCREENS * screen;
}

type TProgressiveOptions = {
  batch?: number;
  /** The element that ends the rendered cards; more are added while it is near the screen. */
  endRef?: RefObject<Element | null>;
  /** Adds a batch each frame until all are there, near or not (a scroll position to put back). */
  revealAll?: boolean;
};

/**
 * How many of `total` cards to render: a batch at first, then one more batch
 * a frame while the end of the rendered cards is within a screen of what is
 * visible (or, with `revealAll`, until all are there). A feed page is 50
 * cards; committing them in one piece was the longest task of the home's
 * start on a slow phone, and rendering all 50 a batch a frame still filled
 * its first seconds with work for cards a visitor who does not scroll never
 * sees (docs/PERFORMANCE.md). Scrolling towards the end adds the next batch
 * before it comes into view. A shorter list (a new search, a refresh) starts
 * again from one batch.
 */
export function useProgressiveCount(total: number, options: TProgressiveOptions = {}): number {
  const { batch = RENDER_BATCH, endRef, revealAll = false } = options;
  const [count, setCount] = useState(() => Math.min(total, batch));
  if (total < count) setCount(total);
  const shown = Math.max(Math.min(count, total), Math.min(total, batch));

  useEffect(() => {
    if (shown >= total) return;
    const more = () => startTransition(() => setCount(Math.min(total, shown + batch)));
    const isNear = () => revealAll || isEndNear(endRef?.current ?? null);
    // Measured on the next frame, when the batch just committed has its layout.
    let frame = requestAnimationFrame(() => {
      frame = 0;
      if (isNear()) more();
    });
    const end = endRef?.current;
    const stopListening = end
      ? listenToScroll(scrollAreaOf(end as HTMLElement), () => {
          if (isNear()) more();
        })
      : undefined;
    return () => {
      if (frame) cancelAnimationFrame(frame);
      stopListening?.();
    };
  }, [shown, total, batch, revealAll, endRef]);

  return shown;
}
