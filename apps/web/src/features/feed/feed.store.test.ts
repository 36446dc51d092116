import { beforeEach, describe, expect, it } from 'vitest';
import { selectIsSearching, useFeedStore } from './feed.store';

describe('feed store (SPEC 4 Category filter, Search)', () => {
  beforeEach(() => {
    useFeedStore.setState(useFeedStore.getInitialState(), true);
  });

  it("starts on 'All' without a search", () => {
    expect(useFeedStore.getState()).toMatchObject({ category: null, query: '' });
    expect(selectIsSearching(useFeedStore.getState())).toBe(false);
  });

  it('clears the search text when a category is chosen', () => {
    useFeedStore.getState().setQuery('dragon');
    expect(selectIsSearching(useFeedStore.getState())).toBe(true);
    useFeedStore.getState().setCategory(12);
    expect(useFeedStore.getState()).toMatchObject({ category: 12, query: '' });
  });

  it("drops the chosen category when searching, so the bar shows 'All' for results from every category", () => {
    useFeedStore.getState().setCategory(12);
    useFeedStore.getState().setQuery('dragon');
    expect(useFeedStore.getState()).toMatchObject({ category: null, query: 'dragon' });
    // Blank text is no search: the chosen category stays.
    useFeedStore.getState().setCategory(12);
    useFeedStore.getState().setQuery('  ');
    expect(useFeedStore.getState()).toMatchObject({ category: 12, query: '' });
  });

  it('treats blank text as no search and keeps at most 100 characters', () => {
    useFeedStore.getState().setQuery('   ');
    expect(useFeedStore.getState().query).toBe('');
    useFeedStore.getState().setQuery(` ${'x'.repeat(120)}`);
    expect(useFeedStore.getState().query).toBe('x'.repeat(99));
  });

  it('counts each submitted search, the same text again included, but not blank text', () => {
    const { setQuery } = useFeedStore.getState();
    setQuery('   ');
    expect(useFeedStore.getState().searchCount).toBe(0);
    setQuery('dragon');
    setQuery('dragon ');
    expect(useFeedStore.getState()).toMatchObject({ query: 'dragon', searchCount: 2 });
    setQuery('');
    expect(useFeedStore.getState()).toMatchObject({ query: '', searchCount: 3 });
  });

  it('keeps the chosen order across categories', () => {
    useFeedStore.getState().setSort('downloads');
    useFeedStore.getState().setCategory(3);
    expect(useFeedStore.getState()).toMatchObject({ sort: 'downloads', category: 3 });
  });
});
