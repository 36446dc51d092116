import type { TFeedSort, TWorkCard } from '@layerline/contract';
import { applyWorkCountsToList, type TWorkCounts } from './work-counts';

/** The request parameters that pick a list (SPEC 7 GET /works/home). */
export interface TFeedParams {
  query: string;
  category: number | null;
  sort: TFeedSort | null;
}

export interface TFeedPage {
  data: TWorkCard[];
  total: number;
}

interface TEntry extends TFeedPage {
  storedAt: number;
}

/** One key per list: the same parameters share their fetched pages. */
export function feedKey(params: TFeedParams): string {
  return JSON.stringify([params.query, params.category, params.sort]);
}

/**
 * SPEC 4 Feed: fetched pages per (query, category, sort), reused while
 * younger than the age the caller allows (30 s, SPEC 9). Cleared on refresh
 * and on a new search.
 */
export class FeedCache {
  private readonly entries = new Map<string, Map<number, TEntry>>();

  get(params: TFeedParams, page: number, maxAgeMs: number, now: number): TFeedPage | null {
    const entry = this.entries.get(feedKey(params))?.get(page);
    if (!entry || now - entry.storedAt >= maxAgeMs) return null;
    return { data: entry.data, total: entry.total };
  }

  set(params: TFeedParams, page: number, value: TFeedPage, now: number): void {
    const key = feedKey(params);
    const pages = this.entries.get(key) ?? new Map<number, TEntry>();
    pages.set(page, { ...value, storedAt: now });
    this.entries.set(key, pages);
  }

  /** A like or collect elsewhere: cached pages show the new counts when reused. */
  patchCounts(counts: TWorkCounts): void {
    for (const pages of this.entries.values()) {
      for (const [page, entry] of pages) {
        const data = applyWorkCountsToList(entry.data, counts);
        if (data !== entry.data) pages.set(page, { ...entry, data: [...data] });
      }
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    let count = 0;
    for (const pages of this.entries.values()) count += pages.size;
    return count;
  }
}
