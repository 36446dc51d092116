import { LIMITS } from '@layerline/contract';
import { useSyncExternalStore } from 'react';

/** SPEC 3: 'searchHistory' holds the history of logged-out users. */
export const SEARCH_HISTORY_KEY = 'searchHistory';
const CHANGE_EVENT = 'layerline:search-history';
const EMPTY: readonly string[] = Object.freeze([]);

/**
 * Two texts are the same search when they differ only in letter case or
 * spacing, as the server's history treats them for logged-in users.
 */
function sameSearch(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLocaleLowerCase();
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can be switched off by the browser's privacy settings.
    return null;
  }
}

/** Anything else than a list of texts (hand edits, older formats) counts as no history; repeats are dropped. */
function parse(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return EMPTY;
    const seen = new Set<string>();
    return value.filter((item): item is string => {
      if (typeof item !== 'string' || item.trim() === '' || seen.has(sameSearch(item)))
        return false;
      seen.add(sameSearch(item));
      return true;
    });
  } catch {
    return EMPTY;
  }
}

let snapshot: { raw: string | null; list: readonly string[] } = { raw: null, list: EMPTY };

/** The visitor's searches, newest first (SPEC 4). The same array while storage is unchanged. */
export function readSearchHistory(): readonly string[] {
  const raw = storage()?.getItem(SEARCH_HISTORY_KEY) ?? null;
  if (raw !== snapshot.raw) snapshot = { raw, list: parse(raw) };
  return snapshot.list;
}

function write(list: readonly string[]): void {
  try {
    if (list.length === 0) storage()?.removeItem(SEARCH_HISTORY_KEY);
    else storage()?.setItem(SEARCH_HISTORY_KEY, JSON.stringify(list));
  } catch {
    // A full or blocked storage only loses the history, never the search itself.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/**
 * SPEC 4 Search: newest first, without duplicates. Ours: capped at
 * LIMITS.searchHistoryMax like the server's history, the oldest dropped.
 */
export function addSearchHistory(text: string): void {
  const words = text.slice(0, LIMITS.searchMaxLength).trim();
  if (!words) return;
  const key = sameSearch(words);
  const rest = readSearchHistory().filter((item) => sameSearch(item) !== key);
  write([words, ...rest].slice(0, LIMITS.searchHistoryMax));
}

export function removeSearchHistory(text: string): void {
  const key = sameSearch(text);
  write(readSearchHistory().filter((item) => sameSearch(item) !== key));
}

export function clearSearchHistory(): void {
  write(EMPTY);
}

function subscribe(listener: () => void): () => void {
  // 'storage' brings changes made in other tabs.
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

export function useVisitorHistory(): readonly string[] {
  return useSyncExternalStore(subscribe, readSearchHistory, () => EMPTY);
}
