/** Ours: how long `/files/` trusts a URL's privacy answer (ADR 0009). */
export const FILE_PRIVACY_TTL_MS = 5_000;
/** Ours: URLs remembered at most; the least recently asked goes first. */
export const FILE_PRIVACY_MAX_ENTRIES = 2_000;

/** What the files table says of a URL: no row at all is 'unknown' (served as public). */
export type TFilePrivacy = 'private' | 'public' | 'unknown';

type TEntry = { isPrivate: boolean; until: number };

/**
 * `/files/` asks on every request whether a URL is private (ADR 0009); this
 * keeps the answers for a few seconds in a small LRU, so a page of previews
 * or a burst of cover requests costs one query per file, not one each.
 *
 * What is kept is only the files table's verdict, which a work's visibility
 * does not change (hiding or deleting a work stops new signed URLs; those
 * handed out expire within 20 minutes, as before). It changes when rows are
 * recorded or removed: recording in this process forgets the URL at once;
 * other processes and removals are seen within the TTL. A URL with no row
 * yet is never kept, so a file stored a moment before its row is recorded is
 * not remembered as public.
 */
export class FilePrivacyCache {
  private readonly entries = new Map<string, TEntry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly lookup: (url: string) => Promise<TFilePrivacy>,
    options: { ttlMs?: number; maxEntries?: number; now?: () => number } = {},
  ) {
    this.ttlMs = options.ttlMs ?? FILE_PRIVACY_TTL_MS;
    this.maxEntries = options.maxEntries ?? FILE_PRIVACY_MAX_ENTRIES;
    this.now = options.now ?? Date.now;
  }

  async isPrivate(url: string): Promise<boolean> {
    const now = this.now();
    const kept = this.entries.get(url);
    if (kept) {
      this.entries.delete(url);
      if (kept.until > now) {
        // Most recently used goes last; eviction takes the first.
        this.entries.set(url, kept);
        return kept.isPrivate;
      }
    }
    const answer = await this.lookup(url);
    if (answer !== 'unknown') {
      this.entries.set(url, { isPrivate: answer === 'private', until: now + this.ttlMs });
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= this.maxEntries) break;
        this.entries.delete(oldest);
      }
    }
    return answer === 'private';
  }

  /** Drops what is kept of these URLs (their rows just changed). */
  forget(urls: Iterable<string>): void {
    for (const url of urls) this.entries.delete(url);
  }

  get size(): number {
    return this.entries.size;
  }
}
