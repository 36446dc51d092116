import { LIMITS } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import {
  addSearchHistory,
  clearSearchHistory,
  readSearchHistory,
  removeSearchHistory,
  SEARCH_HISTORY_KEY,
} from './history-storage';

const raw = () => window.localStorage.getItem(SEARCH_HISTORY_KEY);

describe("visitors' search history (SPEC 3 'searchHistory', SPEC 4 Search)", () => {
  it('keeps searches newest first under the searchHistory key', () => {
    addSearchHistory('gear');
    addSearchHistory('vase');
    expect(SEARCH_HISTORY_KEY).toBe('searchHistory');
    expect(JSON.parse(raw() ?? '')).toEqual(['vase', 'gear']);
    expect(readSearchHistory()).toEqual(['vase', 'gear']);
  });

  it('moves a repeated search to the top, ignoring letter case and spacing', () => {
    addSearchHistory('Gear Clock');
    addSearchHistory('vase');
    addSearchHistory('  gear   clock ');
    expect(readSearchHistory()).toEqual(['gear   clock', 'vase']);
  });

  it(`keeps at most ${LIMITS.searchHistoryMax}, dropping the oldest`, () => {
    for (let i = 0; i <= LIMITS.searchHistoryMax; i += 1) addSearchHistory(`term ${i}`);
    const list = readSearchHistory();
    expect(list).toHaveLength(LIMITS.searchHistoryMax);
    expect(list[0]).toBe(`term ${LIMITS.searchHistoryMax}`);
    expect(list).not.toContain('term 0');
  });

  it('ignores blank text and cuts long text to 100 characters', () => {
    addSearchHistory('   ');
    expect(raw()).toBeNull();
    addSearchHistory('z'.repeat(150));
    expect(readSearchHistory()[0]).toHaveLength(LIMITS.searchMaxLength);
  });

  it('removes one search or all of them', () => {
    addSearchHistory('gear');
    addSearchHistory('vase');
    removeSearchHistory('GEAR');
    expect(readSearchHistory()).toEqual(['vase']);
    clearSearchHistory();
    expect(raw()).toBeNull();
    expect(readSearchHistory()).toEqual([]);
  });

  it('reads damaged storage as no history, and the same list while unchanged', () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['ok', 3, '', null, 'OK']));
    const first = readSearchHistory();
    expect(first).toEqual(['ok']);
    expect(readSearchHistory()).toBe(first);
  });
});
