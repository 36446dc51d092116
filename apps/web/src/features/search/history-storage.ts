import { LIMITS } from '@layerline/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** SPEC 3: 'searchHistory' holds the history of logged-out users. */
export const SEARCH_HISTORY_KEY = 'searchHistory';
const EMPTY: readonly string[] = Object.freeze([]);

/**
 * The visitor's history while the page is open: one Query cache entry read
 * from local storage, written with it (under the search keys, so a login's
 * reload of search data reads it again).
 */
export const visitorHistoryKey = ['search', 'visitor'] as const;

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

/** Shows the history as storage now has it, wherever it is shown. */
export function showSearchHistory(queryClient: QueryClient): void {
  queryClient.setQueryData(visitorHistoryKey, readSearchHistory());
}

/** The visitor's searches, newest first; changes made in other tabs ('storage') show too. */
export function useVisitorHistory(): readonly string[] {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: visitorHistoryKey,
    queryFn: () => readSearchHistory(),
    initialData: readSearchHistory,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    const onStorage = () => showSearchHistory(queryClient);
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient]);
  return data;
}
