import { LIMITS } from '@layerline/contract';
import { create } from 'zustand';

/**
 * What the home feed shows: one category (null is 'All') and the search text
 * (empty is no search). The works grid reads both; the header search box
 * writes `query`, the category bar writes `category`.
 */
export interface TFeedState {
  category: number | null;
  query: string;
  /** SPEC 4 Category filter: choosing a category clears the search text. */
  setCategory: (category: number | null) => void;
  /** SPEC 4 Search: cut to 100 characters; blank text counts as no search. */
  setQuery: (query: string) => void;
}

export const useFeedStore = create<TFeedState>()((set) => ({
  category: null,
  query: '',
  setCategory: (category) => set({ category, query: '' }),
  setQuery: (query) => set({ query: query.slice(0, LIMITS.searchMaxLength).trim() }),
}));

export const selectIsSearching = (state: TFeedState): boolean => state.query !== '';
