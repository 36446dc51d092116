import { TERM_SETS_SHOW } from '../../http/freshness';
import type { TaggedCache } from '../../lib/tagged-cache';
import { lookupParam } from './search-lookup.sql';
import type { TLookup } from './search-query';

/**
 * A term that matches more works than this is not kept (ADR 0038): its
 * matches are checked row by row in the search statement instead.
 */
export const TERM_SET_MAX = 20_000;
/**
 * Searches whose kept terms leave more candidates than this are not read by
 * key: a long list of keys costs the statement more than the index does.
 * They use the GIN index as before, or candidates chosen from the kept
 * titles (ADR 0039).
 */
export const NARROWED_MAX = 1_000;

/** How many terms' sets an instance keeps: 80 MB if every one were as large as kept sets get. */
export const TERM_SETS_KEPT = 1_000;

/** The visible works matching one term, ascending ids; `large` past TERM_SET_MAX. */
export type TTermSet = Int32Array | 'large';

/** What the kept terms say about a search: exactly its matches, or a superset to check. */
export type TNarrowed = {
  /** Ascending work ids: every match of the text is among them. */
  ids: Int32Array;
  /** True when some term was too common to keep: each id must still be checked. */
  checked: boolean;
};

/** Work ids (visible, ascending) matching a term's lookup, at most `limit`. */
export type TTermMatches = (lookup: TLookup, limit: number) => Promise<number[]>;

/** Term fetches running at once: they are the cost of a search, paid ahead. */
export const TERM_FETCHES_AT_ONCE = 2;

/**
 * The matches of each search term, kept per term (ADR 0038): texts typed
 * once are new, but they are made of words typed before, and a text's
 * matches are the works every one of its terms matches. A term not kept yet
 * is fetched beside the search, which meanwhile uses the GIN index, so no
 * search waits for a fetch. Kept sets are dropped with every change that
 * drops the kept search pages (ADR 0018) and expire with them; a fetch that
 * began before a change is not kept.
 */
export class SearchTermSets {
  private readonly running = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: {
      cache: TaggedCache<TTermSet>;
      matches: TTermMatches;
      onError: (error: unknown) => void;
      /** TERM_SET_MAX; tests lower it to reach it with a few works. */
      largeAbove?: number;
    },
  ) {}

  /**
   * What the kept terms say about a search's matches; undefined when they
   * narrow nothing (none kept, or all too common). Terms not kept are
   * fetched for the searches after this one.
   */
  narrow(terms: readonly TLookup[]): TNarrowed | undefined {
    const kept: Int32Array[] = [];
    let unknown = 0;
    for (const term of terms) {
      const key = lookupParam(term);
      const set = this.deps.cache.get(key);
      if (set === undefined) this.fetch(key, term);
      if (set instanceof Int32Array) kept.push(set);
      else unknown += 1;
    }
    kept.sort((a, b) => a.length - b.length);
    const [smallest, ...others] = kept;
    if (!smallest) return undefined;
    let ids = smallest;
    for (const other of others) {
      if (ids.length === 0) break;
      ids = intersect(ids, other);
    }
    return { ids, checked: unknown > 0 };
  }

  /** Settles when no fetch runs; for tests. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private fetch(key: string, term: TLookup): void {
    if (this.running.has(key) || this.running.size >= TERM_FETCHES_AT_ONCE) return;
    const { cache, largeAbove = TERM_SET_MAX } = this.deps;
    const generation = cache.generation();
    const fetched = this.deps
      .matches(term, largeAbove + 1)
      .then((ids) => {
        const set: TTermSet = ids.length > largeAbove ? 'large' : Int32Array.from(ids);
        // The visible works' text only: a like or a comment changes no search document.
        cache.set(key, set, TERM_SETS_SHOW, generation);
      })
      .catch(this.deps.onError)
      .finally(() => this.running.delete(key));
    this.running.set(key, fetched);
  }
}

/** The ids in both ascending arrays; steps through the longer by halving when they differ much. */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(short.length);
  let count = 0;
  let from = 0;
  for (const id of short) {
    from = lowerBound(long, id, from);
    if (from >= long.length) break;
    if (long[from] === id) out[count++] = id;
  }
  return out.subarray(0, count);
}

/** The first index at or after `from` whose value is not below `id` (galloping, then binary). */
export function lowerBound(values: Int32Array, id: number, from: number): number {
  let step = 1;
  let high = from;
  while (high < values.length && (values[high] ?? 0) < id) {
    from = high + 1;
    high += step;
    step *= 2;
  }
  let low = from;
  high = Math.min(high, values.length);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((values[mid] ?? 0) < id) low = mid + 1;
    else high = mid;
  }
  return low;
}
