import { apiPath, type TLocale, type TSearchRecord, type TSearchWords } from '@layerline/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { searchDataRetry } from './search-rules';

/** SPEC 7 search paths; `guess` is ours (SPEC 2 'Other screens': guessed searches). */
export const SEARCH_PATHS = {
  history: apiPath('search.history'),
  hot: apiPath('search.hot'),
  guess: apiPath('search.guess'),
  deleteRecords: apiPath('search.deleteHistory'),
} as const;

export const searchKeys = {
  all: ['search'] as const,
  histories: () => [...searchKeys.all, 'history'] as const,
  history: (userId: string) => [...searchKeys.histories(), userId] as const,
  hot: () => [...searchKeys.all, 'hot'] as const,
  /** Guessed searches fall back to category names in the request's language. */
  guess: (locale: TLocale) => [...searchKeys.all, 'guess', locale] as const,
};

/** Items that do not match the contract are left out rather than breaking the panel. */
function validItems<T>(data: unknown, parse: (item: unknown) => T | null): T[] {
  if (!Array.isArray(data)) return [];
  return data.map(parse).filter((item): item is T => item !== null);
}

/**
 * The contract's ZSearchRecord and ZSearchWords shapes, checked by hand: the
 * search box is in every page's header, and zod would otherwise join the
 * first load for these two checks.
 */
function wordsOf(item: unknown): string | null {
  if (typeof item !== 'object' || item === null) return null;
  const words = (item as { words?: unknown }).words;
  return typeof words === 'string' && words.trim() ? words : null;
}
const toRecord = (item: unknown): TSearchRecord | null => {
  const words = wordsOf(item);
  const id = (item as { id?: unknown } | null)?.id;
  return words !== null && Number.isSafeInteger(id) ? { id: id as number, words } : null;
};
const toWords = (item: unknown): TSearchWords | null => {
  const words = wordsOf(item);
  return words === null ? null : { words };
};

/**
 * Search data is loaded silently: a failure is retried (SPEC 4) and ends in
 * the panel's empty state, never in a toast.
 */
const quiet = (signal: AbortSignal) => ({ signal, silent: true });

/** GET search.history (SPEC 7): a logged-in user's history, newest first. */
export async function fetchSearchHistory(signal: AbortSignal): Promise<TSearchRecord[]> {
  const envelope = await callApi('search.history', {}, quiet(signal));
  return validItems(envelope.data, toRecord);
}

/** GET search.hot (SPEC 7): most searched first. */
export async function fetchHotSearches(signal: AbortSignal): Promise<TSearchWords[]> {
  const envelope = await callApi('search.hot', {}, quiet(signal));
  return validItems(envelope.data, toWords);
}

export async function fetchGuessSearches(signal: AbortSignal): Promise<TSearchWords[]> {
  const envelope = await callApi('search.guess', {}, quiet(signal));
  return validItems(envelope.data, toWords);
}

/**
 * DELETE search.deleteHistory (SPEC 7): `ids` holds the one
 * record, or is empty to clear all. Resolves with the server's msg (SPEC 8).
 */
export async function deleteSearchRecords(ids: readonly number[]): Promise<string> {
  const envelope = await callApi(
    'search.deleteHistory',
    { body: { ids: [...ids] } },
    { silent: true },
  );
  return envelope.msg;
}

/** Never cached for long: every search changes it, so the panel asks again when it opens. */
export function useSearchHistory(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.history(userId),
    queryFn: ({ signal }) => fetchSearchHistory(signal),
    enabled,
    staleTime: 0,
    ...searchDataRetry,
  });
}

export function useHotSearches(enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.hot(),
    queryFn: ({ signal }) => fetchHotSearches(signal),
    enabled,
    ...searchDataRetry,
  });
}

export function useGuessSearches(locale: TLocale, enabled: boolean) {
  return useQuery({
    queryKey: searchKeys.guess(locale),
    queryFn: ({ signal }) => fetchGuessSearches(signal),
    enabled,
    ...searchDataRetry,
  });
}
