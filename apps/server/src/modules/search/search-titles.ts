import { TITLES_SHOW } from '../../http/freshness';
import type { TaggedCache } from '../../lib/tagged-cache';

/**
 * What the search candidate order reads of each visible work (ADR 0022's
 * `candidateOrder`), kept for all of them (ADR 0039), ascending ids.
 */
export type TSearchTitles = {
  ids: Int32Array;
  /** Each work's folded title (work_search.title_norm). */
  titles: string[];
  /** Each work's publication time in microseconds since 1970, NaN when it has none. */
  published: Float64Array;
};

/** One visible work as the candidate order reads it. */
export type TTitleRow = { id: number; title: string; publishedUs: number | null };

/** A page of visible works after `afterId`, ascending ids. */
export type TTitlesPage = (afterId: number, limit: number) => Promise<TTitleRow[]>;

/**
 * Past this many visible works the titles are not kept (about 100 bytes a
 * work): searches then choose their candidates with the GIN index as before.
 */
export const TITLES_KEPT_MAX = 200_000;
/** Rows a page of the fetch reads: each page is a short turn of the event loop. */
export const TITLES_PAGE = 2_000;

const KEY = 'titles';

/**
 * The titles and publication times of every visible work (ADR 0039), so a
 * search whose kept terms give exactly its matches, however many, chooses
 * its candidates here and reads only those. Like the kept
 * terms they are fetched beside a search, never waited for, and dropped with
 * every change of the published set or of a work's document; a like does not
 * drop them.
 */
export class SearchTitles {
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      cache: TaggedCache<TSearchTitles | 'large'>;
      page: TTitlesPage;
      onError: (error: unknown) => void;
      /** TITLES_KEPT_MAX; tests lower it. */
      keptMax?: number;
      /** TITLES_PAGE; tests lower it to fetch in several pages. */
      pageSize?: number;
    },
  ) {}

  /** The kept titles; when none are kept they are fetched for the searches after this one. */
  get(): TSearchTitles | undefined {
    const kept = this.deps.cache.get(KEY);
    if (kept === undefined) this.fetch();
    return kept === 'large' ? undefined : kept;
  }

  /** Settles when no fetch runs; for tests. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private fetch(): void {
    if (this.running) return;
    const { cache } = this.deps;
    const generation = cache.generation();
    this.running = this.load()
      .then((titles) => {
        cache.set(KEY, titles, TITLES_SHOW, generation);
      })
      .catch(this.deps.onError)
      .finally(() => {
        this.running = undefined;
      });
  }

  private async load(): Promise<TSearchTitles | 'large'> {
    const { keptMax = TITLES_KEPT_MAX, pageSize = TITLES_PAGE } = this.deps;
    const ids: number[] = [];
    const titles: string[] = [];
    const published: number[] = [];
    let after = 0;
    for (;;) {
      const rows = await this.deps.page(after, pageSize);
      for (const row of rows) {
        ids.push(row.id);
        titles.push(row.title);
        published.push(row.publishedUs ?? Number.NaN);
      }
      if (ids.length > keptMax) return 'large';
      const last = rows.at(-1);
      if (!last || rows.length < pageSize) break;
      after = last.id;
    }
    return { ids: Int32Array.from(ids), titles, published: Float64Array.from(published) };
  }
}
