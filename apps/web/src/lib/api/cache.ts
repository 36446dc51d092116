import { LIMITS } from '@layerline/contract';

type TEntry = { value: unknown; expiresAt: number };

export type TResponseCache = {
  get: (key: string) => unknown;
  /** Stores unless the cache was cleared after `stamp` was taken. */
  set: (key: string, value: unknown, stamp: number) => void;
  /** A stamp taken when a GET starts, so its answer cannot outlive a later write. */
  stamp: () => number;
  clear: () => void;
};

/** SPEC 7: GET responses are cached for 5 minutes. */
export function createResponseCache(ttlMs: number = LIMITS.getCacheMs): TResponseCache {
  const entries = new Map<string, TEntry>();
  let generation = 0;
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() < entry.expiresAt) return entry.value;
      entries.delete(key);
      return undefined;
    },
    set(key, value, stamp) {
      // A GET that was in flight while a write succeeded may hold the old state.
      if (stamp !== generation) return;
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    },
    stamp: () => generation,
    clear() {
      generation += 1;
      entries.clear();
    },
  };
}
