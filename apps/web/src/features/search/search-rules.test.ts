import { LIMITS } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { panelContent, recentVisibleCount, searchDataRetry } from './search-rules';

describe('recent searches shown (SPEC 2, SPEC 9: from the panel width, min 3)', () => {
  it('never shows fewer than 3', () => {
    expect(LIMITS.recentSearchRowsMin).toBe(3);
    expect(recentVisibleCount(0)).toBe(3);
    expect(recentVisibleCount(Number.NaN)).toBe(3);
    expect(recentVisibleCount(299)).toBe(3);
  });

  it('shows one more per 100 px beyond that', () => {
    expect(recentVisibleCount(400)).toBe(4);
    expect(recentVisibleCount(560)).toBe(5);
    expect(recentVisibleCount(1000)).toBe(10);
  });
});

describe('search data retries (SPEC 4, SPEC 9)', () => {
  it('retries 3 times after 2, 4 and 8 seconds', () => {
    expect(searchDataRetry.retry).toBe(3);
    expect([0, 1, 2].map((count) => searchDataRetry.retryDelay(count))).toEqual([2000, 4000, 8000]);
  });
});

describe('panel content (SPEC 2)', () => {
  const sources = {
    isLoading: false,
    recent: [{ words: 'Gear clock' }, { words: 'vase' }],
    popular: ['gearbox', 'lamp'],
    guess: ['keychain'],
  };

  it('shows the loading state first', () => {
    expect(panelContent({ ...sources, isLoading: true }, '')).toEqual({ kind: 'loading' });
  });

  it('lists everything, guessed searches included, for the empty box', () => {
    expect(panelContent(sources, ' ')).toEqual({
      kind: 'lists',
      recent: sources.recent,
      popular: sources.popular,
      guess: sources.guess,
    });
  });

  it('narrows to matching terms for typed text, without guesses', () => {
    expect(panelContent(sources, 'GEAR')).toEqual({
      kind: 'lists',
      recent: [{ words: 'Gear clock' }],
      popular: ['gearbox'],
      guess: [],
    });
    expect(panelContent(sources, 'zzz')).toEqual({ kind: 'none' });
  });

  it('falls back to the empty state without any search data', () => {
    expect(panelContent({ isLoading: false, recent: [], popular: [], guess: [] }, '')).toEqual({
      kind: 'empty',
    });
  });
});
