import { LIMITS } from '@layerline/contract';

type TWaiting = { start: () => void };

export type TRequestQueue = {
  run: <T>(task: () => Promise<T>, signal?: AbortSignal) => Promise<T>;
  readonly active: number;
  readonly waiting: number;
};

type TQueueOptions = {
  limit?: number;
  perTick?: number;
  tickMs?: number;
  cancelled: () => Error;
};

/**
 * SPEC 7: concurrency is limited to 100 with a queue; 5 queued requests are
 * dispatched per 50ms tick. A request runs at once while there is room and
 * nobody is waiting, so the queue stays first in, first out.
 */
export function createQueue({
  limit = LIMITS.concurrency,
  perTick = LIMITS.dispatchPerTick,
  tickMs = LIMITS.dispatchTickMs,
  cancelled,
}: TQueueOptions): TRequestQueue {
  let active = 0;
  const waiting: TWaiting[] = [];
  let ticker: ReturnType<typeof setInterval> | undefined;

  function tick() {
    let budget = Math.min(perTick, limit - active);
    while (budget > 0 && waiting.length > 0) {
      waiting.shift()?.start();
      budget -= 1;
    }
    if (waiting.length === 0 && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
  }

  function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<T>((resolve, reject) => {
      const handleAbort = () => {
        const index = waiting.indexOf(item);
        if (index >= 0) waiting.splice(index, 1);
        reject(cancelled());
      };
      const item: TWaiting = {
        start() {
          signal?.removeEventListener('abort', handleAbort);
          active += 1;
          task()
            .then(resolve, reject)
            .finally(() => {
              active -= 1;
            });
        },
      };
      if (active < limit && waiting.length === 0) return item.start();
      waiting.push(item);
      signal?.addEventListener('abort', handleAbort, { once: true });
      ticker ??= setInterval(tick, tickMs);
    });
  }

  return {
    run,
    get active() {
      return active;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
