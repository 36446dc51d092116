import { useSyncExternalStore } from 'react';

/** Relative times change by the minute; half of that keeps them at most 30 s late. */
export const TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let now = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/**
 * The current time, refreshed every 30 s for as long as something shows a
 * relative time: one timer for every 'x minutes ago' on the screen.
 */
export function useTickingNow(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}
