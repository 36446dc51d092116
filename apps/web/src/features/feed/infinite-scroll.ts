import { LIMITS } from '@layerline/contract';

/**
 * SPEC 4 Feed: the next page loads within 50 px of the bottom of the scroll
 * area. SPEC 9 also lists an 'infinite-scroll distance' of 100; the Feed rule
 * and the load-more threshold row both name 50 px for this list, so the feed
 * uses 50 and LIMITS.infiniteScrollDistance is left to other lists.
 */
export const LOAD_MORE_THRESHOLD_PX = LIMITS.loadMoreThresholdPx;

export type TScrollMetrics = { scrollTop: number; scrollHeight: number; clientHeight: number };

export function isNearBottom(
  metrics: TScrollMetrics,
  thresholdPx: number = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= thresholdPx;
}

export type TThrottled<A extends unknown[]> = ((...args: A) => void) & { cancel: () => void };

/**
 * Runs `fn` at once, then at most once per `waitMs` (SPEC 9: scroll handler
 * throttled at 150 ms). The last call of a burst still runs when the wait
 * ends, so stopping near the bottom is never missed.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  waitMs: number = LIMITS.scrollThrottleMs,
): TThrottled<A> {
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let pending: A | null = null;

  const run = (args: A) => {
    lastRunAt = Date.now();
    fn(...args);
  };

  const throttled = (...args: A) => {
    const remaining = lastRunAt + waitMs - Date.now();
    if (remaining <= 0 && timer === null) {
      run(args);
      return;
    }
    pending = args;
    if (timer !== null) return;
    timer = setTimeout(
      () => {
        timer = null;
        const next = pending;
        pending = null;
        if (next) run(next);
      },
      Math.max(0, remaining),
    );
  };
  throttled.cancel = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}

export type TScrollArea = { element: HTMLElement; events: HTMLElement | Window };

/** The shell's content area (HomeLayout's <main>) scrolls the pages; without it, the window. */
export function scrollAreaOf(node: HTMLElement | null): TScrollArea {
  const main = node?.closest('main');
  if (main) return { element: main, events: main };
  const root = (document.scrollingElement as HTMLElement | null) ?? document.documentElement;
  return { element: root, events: window };
}

/**
 * Calls `onScroll` on the area's scrolls, throttled (SPEC 9: 150 ms), and
 * answers the clean-up that stops listening and drops a pending call.
 */
export function listenToScroll(area: TScrollArea, onScroll: () => void): () => void {
  const throttled = throttle(onScroll, LIMITS.scrollThrottleMs);
  area.events.addEventListener('scroll', throttled, { passive: true });
  return () => {
    area.events.removeEventListener('scroll', throttled);
    throttled.cancel();
  };
}
