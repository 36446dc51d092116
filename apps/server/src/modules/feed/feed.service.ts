import type { TFeedSort, THomeQuery, TWorkCard } from '@layerline/contract';
import { SEARCH_ROWS_SHOW } from '../../http/freshness';
import { EARLY_PAGES } from '../../http/response-cache';
import { NO_SOCIAL_READER, type SocialReader, toCards } from '../../kernel/card.mapper';
import { pageOf, type TPage } from '../../kernel/pagination';
import type { TAuth } from '../../kernel/request-auth';
import type { TaggedCache } from '../../lib/tagged-cache';
import {
  NARROWED_MAX,
  type SearchMatcher,
  type SearchService,
  type SearchTermSets,
  type SearchTitles,
  type TSearchMatch,
  tidySearchText,
} from '../search';
import type { FeedRepository, TFeedFilter, TFeedPage } from './feed.repository';
import type { FeedOrders } from './feed-order';
import { FeedTotals } from './feed-totals';

const NOTHING_FOUND: TFeedPage = { rows: [], total: 0 };

export type TFeedDeps = {
  repository: FeedRepository;
  matcher: SearchMatcher;
  search: SearchService;
  /** is_like of the viewer on each card; absent: none. */
  social?: SocialReader;
  /**
   * Pages of repeated searches (ADR 0018), dropped with every change of the
   * published set, of a shown work or of its maker (ADR 0044).
   */
  searches?: TaggedCache<TFeedPage>;
  /** Deep pages of the newest-first lists from their kept orders (ADR 0064); by the index when absent. */
  orders?: FeedOrders;
  /** The matches of search terms (ADR 0038); every search uses the index when absent. */
  termSets?: SearchTermSets;
  /** Every visible work's title, to choose the candidates of an exactly kept search (ADR 0039). */
  titles?: SearchTitles;
  onError: (error: unknown) => void;
};

/**
 * GET /works/home (SPEC 4 Feed, Category filter, Search; SPEC 7): published
 * works newest first, or of a category's subtree, or matching a search, with
 * `total` so the client knows when no more pages remain.
 */
export class FeedService {
  private readonly totals = new FeedTotals();

  constructor(private readonly deps: TFeedDeps) {}

  /** `ip` identifies a visitor whose search counts towards hot searches. */
  async home(
    query: THomeQuery,
    viewer: TAuth | null,
    ip?: string,
  ): Promise<{ data: TWorkCard[]; total: number }> {
    const text = tidySearchText(query.query ?? '');
    const page = pageOf(query);
    // SPEC 4: blank text counts as no search.
    if (!text) {
      const filter: TFeedFilter = { categoryId: query.category };
      const sort = query.sort ?? 'newest';
      const deep =
        // Without a text, relevance is the newest-first list (FeedCardsRepository.listPage).
        sort !== 'likes' && sort !== 'downloads' && query.page > EARLY_PAGES
          ? await this.deps.orders?.page(filter.categoryId, page)
          : undefined;
      if (deep) return { data: await this.cards(deep, viewer), total: deep.total };
      const found = await this.deps.repository.listPage(filter, sort, page);
      const total = await this.listTotal(filter, found);
      return { data: await this.cards(found, viewer), total };
    }
    const [found] = await Promise.all([
      this.search(text, query),
      this.searchRecord(query, viewer, ip)?.(),
    ]);
    return { data: await this.cards(found, viewer), total: found.total ?? 0 };
  }

  /**
   * SPEC 4: a search is recorded for hot searches and, signed in, in the
   * searcher's history, also when its page is answered from memory (ADR
   * 0036). The first page is what a person typed; later pages are the same
   * search scrolled. Undefined when there is nothing to record. A failed
   * write is logged; it never costs the person their results.
   */
  searchRecord(
    query: THomeQuery,
    viewer: TAuth | null,
    ip?: string,
  ): (() => Promise<void>) | undefined {
    const text = tidySearchText(query.query ?? '');
    if (!text || query.page !== 1) return undefined;
    return () => this.deps.search.recordSearch(viewer, text, ip).catch(this.deps.onError);
  }

  private async search(text: string, query: THomeQuery): Promise<TFeedPage> {
    const { searches } = this.deps;
    const sort = query.sort ?? 'relevance';
    const page = pageOf(query);
    const key = JSON.stringify([text, query.category ?? null, sort, page]);
    const kept = searches?.get(key);
    if (kept) return kept;
    const generation = searches?.generation() ?? 0;
    const match = await this.deps.matcher.match(text);
    const found = match ? await this.matches(match, query.category, sort, page) : NOTHING_FOUND;
    searches?.set(key, found, SEARCH_ROWS_SHOW(found.rows), generation);
    return found;
  }

  /**
   * A search's page. The kept terms (ADR 0038) give its matches when they
   * can: none is an answer without a statement; when they give exactly its
   * matches, a page by relevance reads only the candidates the kept titles
   * choose (ADR 0039), however many match; a few matches are read by key;
   * otherwise the GIN index finds them.
   */
  private async matches(
    match: TSearchMatch,
    categoryId: number | undefined,
    sort: TFeedSort,
    page: TPage,
  ): Promise<TFeedPage> {
    const { repository } = this.deps;
    const narrowed = this.deps.termSets?.narrow(match.terms);
    if (narrowed?.ids.length === 0) return NOTHING_FOUND;
    if (narrowed && !narrowed.checked && sort === 'relevance' && categoryId === undefined) {
      const titles = this.deps.titles?.get();
      const chosen =
        titles && (await repository.chosenRelevancePage(match, narrowed.ids, titles, page));
      if (chosen) return chosen;
    }
    if (narrowed && narrowed.ids.length <= NARROWED_MAX) {
      return repository.searchPage({ categoryId, match, narrowed }, sort, page);
    }
    return repository.searchPage({ categoryId, match }, sort, page);
  }

  private async listTotal(filter: TFeedFilter, found: TFeedPage): Promise<number> {
    const key = String(filter.categoryId ?? 'all');
    const cached = found.version === undefined ? undefined : this.totals.get(found.version, key);
    if (cached !== undefined) return cached;
    const { total, version } = await this.deps.repository.countVisible(filter);
    this.totals.set(version, key, total);
    return total;
  }

  private async cards(found: TFeedPage, viewer: TAuth | null): Promise<TWorkCard[]> {
    const social = this.deps.social ?? NO_SOCIAL_READER;
    const liked = await social.likedAmong(
      viewer?.userId ?? null,
      found.rows.map((row) => row.id),
    );
    return toCards(found.rows, liked);
  }
}
