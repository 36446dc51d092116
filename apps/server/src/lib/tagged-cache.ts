import { makeRoom } from './bounded';
import type { TClock } from './clock';

/**
 * What a change touches (ADR 0044): the tags of the entities it changed, or
 * `all` (a change seen only as a moved feed version, whose entities are
 * unknown). Tags are texts such as `work:12` (http/freshness-tags).
 */
export type TDrop = 'all' | readonly string[];

type TEntry<V> = { value: V; tags: readonly string[]; expiresAt: number };

/**
 * A bounded in-memory cache whose entries name the entities they show, so a
 * change drops exactly the entries that show one of its tags (ADR 0018, 0044).
 *
 * Entries are filled from reads that began before they are stored: a read
 * that began before the latest drop may hold what the change replaced, so
 * `generation()` is taken when the read begins and `set` refuses it once a
 * drop came between. Entries also expire after `ttlMs`, which bounds how
 * stale a figure may be that no write signals (download counts, moved by a
 * GET; a list's order by likes past the cards it shows).
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, TEntry<V>>();
  private current = 0;
  /**
   * Lookups answered and not (expired ones are misses), and entries a change
   * dropped, since the start: plain counts the metrics read when scraped.
   */
  readonly counts = { hits: 0, misses: 0, dropped: 0 };

  constructor(private readonly options: { maxEntries: number; ttlMs: number; clock: TClock }) {}

  /** The generation a read begins at; hand it to `set` with what the read found. */
  generation(): number {
    return this.current;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.counts.misses += 1;
      return undefined;
    }
    if (entry.expiresAt <= this.options.clock().getTime()) {
      this.entries.delete(key);
      this.counts.misses += 1;
      return undefined;
    }
    this.counts.hits += 1;
    return entry.value;
  }

  /** Stores unless a drop came since `generation`; the oldest entry makes room. */
  set(key: string, value: V, tags: readonly string[], generation: number): boolean {
    if (generation !== this.current) return false;
    this.entries.delete(key);
    makeRoom(this.entries, this.options.maxEntries);
    const expiresAt = this.options.clock().getTime() + this.options.ttlMs;
    this.entries.set(key, { value, tags, expiresAt });
    return true;
  }

  /** Drops every entry showing one of the tags (all of them for `all`). */
  drop(change: TDrop): void {
    this.current += 1;
    if (change === 'all') {
      this.counts.dropped += this.entries.size;
      this.entries.clear();
      return;
    }
    const changed = new Set(change);
    for (const [key, entry] of this.entries) {
      if (!entry.tags.some((tag) => changed.has(tag))) continue;
      this.entries.delete(key);
      this.counts.dropped += 1;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
