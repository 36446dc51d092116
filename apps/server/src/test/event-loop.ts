import { monitorEventLoopDelay } from 'node:perf_hooks';
import { expect } from 'vitest';

/**
 * Runs `work` while watching this process's event loop (ADR 0008): how long
 * the work took, the longest stall meanwhile, and how many 5 ms timers fired.
 */
export async function watchEventLoop<T>(
  work: () => Promise<T>,
): Promise<{ result: T; tookMs: number; maxStallMs: number; turns: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let turns = 0;
  let isDone = false;
  const turn = () => {
    if (isDone) return;
    turns += 1;
    setTimeout(turn, 5);
  };
  histogram.enable();
  const started = performance.now();
  const running = work().finally(() => {
    isDone = true;
  });
  turn();
  try {
    const result = await running;
    return { result, tookMs: performance.now() - started, maxStallMs: histogram.max / 1e6, turns };
  } finally {
    histogram.disable();
  }
}

/**
 * The work left the event loop free: its longest stall is a small part of
 * the whole run and timers kept firing. Work parsed on the event loop stalls
 * it for most of the run and lets none fire.
 */
export function expectLoopKeptTurning(watched: {
  tookMs: number;
  maxStallMs: number;
  turns: number;
}) {
  expect(watched.maxStallMs).toBeLessThan(watched.tookMs / 3);
  expect(watched.turns).toBeGreaterThan(3);
}
