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

  it('treats blank text as no search and keeps at most 100 characters', () => {
    useFeedStore.getState().setQuery('   ');
    expect(useFeedStore.getState().query).toBe('');
    useFeedStore.getState().setQuery(` ${'x'.repeat(120)}`);
    expect(useFeedStore.getState().query).toBe('x'.repeat(99));
  });
});
