import { LIMITS } from '@layerline/contract';

/** SPEC 7: 500ms, or 200ms for paths containing /comment/ or /community/. */
export function dedupeWindowMs(path: string): number {
  return /\/(comment|community)\//.test(path) ? LIMITS.dedupFastMs : LIMITS.dedupMs;
}

type TShared = {
  promise: Promise<unknown>;
  controller: AbortController;
  startedAt: number;
  subscribers: number;
};

export type TDeduper = {
  /**
   * An identical GET started within the window and still in flight is shared.
   * The shared request is aborted only when every caller sharing it has aborted.
   */
  share: <T>(
    key: string,
    windowMs: number,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal) => Promise<T>,
  ) => Promise<T>;
  /** Non-GET: records the call and says whether an identical one started within the window. */
  isDuplicate: (key: string, windowMs: number) => boolean;
  /** Stops sharing in-flight GETs, whose answers predate a successful write. */
  forgetShared: () => void;
};

export function createDeduper(cancelled: () => Error): TDeduper {
  const shared = new Map<string, TShared>();
  const recent = new Map<string, number>();

  function release(key: string, entry: TShared) {
    entry.subscribers -= 1;
    if (entry.subscribers > 0) return;
    if (shared.get(key) === entry) shared.delete(key);
    entry.controller.abort();
  }

  function subscribe<T>(key: string, entry: TShared, signal: AbortSignal | undefined) {
    entry.subscribers += 1;
    const promise = entry.promise as Promise<T>;
    if (!signal) return promise;
    return new Promise<T>((resolve, reject) => {
      const handleAbort = () => {
        release(key, entry);
        reject(cancelled());
      };
      if (signal.aborted) return handleAbort();
      signal.addEventListener('abort', handleAbort, { once: true });
      const done = () => signal.removeEventListener('abort', handleAbort);
      promise.then(
        (value) => {
          done();
          resolve(value);
        },
        (error: unknown) => {
          done();
          reject(error);
        },
      );
    });
  }

  return {
    share(key, windowMs, signal, start) {
      const now = Date.now();
      let entry = shared.get(key);
      if (!entry || now - entry.startedAt >= windowMs) {
        const controller = new AbortController();
        const created: TShared = {
          promise: start(controller.signal),
          controller,
          startedAt: now,
          subscribers: 0,
        };
        const forget = () => {
          if (shared.get(key) === created) shared.delete(key);
        };
        created.promise.then(forget, forget);
        shared.set(key, created);
        entry = created;
      }
      return subscribe(key, entry, signal);
    },
    isDuplicate(key, windowMs) {
      const now = Date.now();
      for (const [seen, at] of recent) {
        if (now - at >= LIMITS.dedupMs) recent.delete(seen);
      }
      const last = recent.get(key);
      if (last !== undefined && now - last < windowMs) return true;
      recent.set(key, now);
      return false;
    },
    forgetShared: () => shared.clear(),
  };
}
