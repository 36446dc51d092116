import { LIMITS, type TFeedSort } from '@layerline/contract';
import { create } from 'zustand';

/**
 * What the home feed shows: one category (null is 'All'), the search text
 * (empty is no search) and the order (null is the server's default: newest,
 * or relevance while searching). The works grid reads all of them; the header
 * search box writes `query`, the category bar writes `category`.
 */
export interface TFeedState {
  category: number | null;
  query: string;
  sort: TFeedSort | null;
  /**
   * Counts submitted searches, so searching the same text again (Enter) is
   * still a new search: SPEC 4 Feed resets the page and clears the cache.
   */
  searchCount: number;
  /** Counts the logo's refreshes (SPEC 2): the feed starts over at page 1 on each. */
  refreshCount: number;
  /** SPEC 4 Category filter: choosing a category clears the search text. */
  setCategory: (category: number | null) => void;
  /**
   * SPEC 4 Search: cut to 100 characters; blank text counts as no search.
   * A search covers every category (SPEC 7: the feed takes either a query or
   * a category), so it also drops the chosen category and the bar shows
   * 'All', as MakerWorld and Printables do: the chips never claim a filter
   * the results do not have. Clearing the search stays on 'All'.
   */
  setQuery: (query: string) => void;
  setSort: (sort: TFeedSort | null) => void;
  refresh: () => void;
}

export const useFeedStore = create<TFeedState>()((set, get) => ({
  category: null,
  query: '',
  sort: null,
  searchCount: 0,
  refreshCount: 0,
  setCategory: (category) => set({ category, query: '' }),
  setQuery: (text) => {
    const query = text.slice(0, LIMITS.searchMaxLength).trim();
    // Blank text again is not a search: nothing to start over.
    if (query === '' && get().query === '') return;
    set((state) => ({
      query,
      category: query === '' ? state.category : null,
      searchCount: state.searchCount + 1,
    }));
  },
  setSort: (sort) => set({ sort }),
  refresh: () => set((state) => ({ refreshCount: state.refreshCount + 1 })),
}));

export const selectIsSearching = (state: TFeedState): boolean => state.query !== '';
