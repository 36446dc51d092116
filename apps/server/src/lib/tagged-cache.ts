import { makeRoom } from './bounded';
import type { TClock } from './clock';

/**
 * What a change touches (ADR 0018): `all` for anything that moves pages as a
 * whole (a publish, an edit, a delete, a moderation decision), or the works
 * whose counters changed (a like or a favour).
 */
export type TInvalidation = { workIds: 'all' | number[] };

type TEntry<V> = { value: V; workIds: readonly number[]; expiresAt: number };

/**
 * A bounded in-memory cache whose entries name the works they show, so a
 * change drops exactly the entries that show a changed work (ADR 0018).
 *
 * Entries are filled from reads that began before they are stored: a read
 * that began before the latest invalidation may hold what the change
 * replaced, so `generation()` is taken when the read begins and `set` refuses
 * it once an invalidation came between. Entries also expire after `ttlMs`,
 * which bounds how stale a figure may be that no signal covers (download and
 * follow counts, an author's renamed profile).
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, TEntry<V>>();
  private current = 0;

  constructor(private readonly options: { maxEntries: number; ttlMs: number; clock: TClock }) {}

  /** The generation a read begins at; hand it to `set` with what the read found. */
  generation(): number {
    return this.current;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.options.clock().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Stores unless an invalidation came since `generation`; the oldest entry makes room. */
  set(key: string, value: V, workIds: readonly number[], generation: number): boolean {
    if (generation !== this.current) return false;
    this.entries.delete(key);
    makeRoom(this.entries, this.options.maxEntries);
    const expiresAt = this.options.clock().getTime() + this.options.ttlMs;
    this.entries.set(key, { value, workIds, expiresAt });
    return true;
  }

  invalidate({ workIds }: TInvalidation): void {
    this.current += 1;
    if (workIds === 'all') {
      this.entries.clear();
      return;
    }
    const changed = new Set(workIds);
    for (const [key, entry] of this.entries) {
      if (entry.workIds.some((id) => changed.has(id))) this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
