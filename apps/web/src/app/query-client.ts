import { LIMITS } from '@layerline/contract';
import { type Query, QueryClient } from '@tanstack/react-query';

/**
 * Retries and de-duplication are the API client's job (SPEC 7), so TanStack
 * Query does not retry on its own. Keeping answers is Query's alone (ADR
 * 0049): data is fresh for the feed cache window of SPEC 4 unless a query
 * says otherwise (`keptFiveMinutes`).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: LIMITS.feedCacheMs, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * SPEC 7: GET answers are kept for 5 minutes. The options of the queries that
 * read what rarely changes (banners, the catalogue, collections, a work's
 * detail and its author's card, a search's posts); ours: until the user's
 * next write (`markReadsOld`), as the client's own GET cache did.
 */
export const keptFiveMinutes = {
  staleTime: LIMITS.getCacheMs,
  meta: { keptFiveMinutes: true },
} as const;

const isKeptFiveMinutes = (query: Query) => query.meta?.keptFiveMinutes === true;

/**
 * A write succeeded (the API client's `onWrite`): answers kept for 5 minutes
 * are old now and are asked again when next shown; one on its way started
 * before the write and is asked again at once.
 */
export function markReadsOld(client: QueryClient): void {
  void client.invalidateQueries({ predicate: isKeptFiveMinutes, refetchType: 'none' });
  void client.refetchQueries(
    { predicate: (query) => isKeptFiveMinutes(query) && query.state.fetchStatus === 'fetching' },
    { cancelRefetch: true },
  );
}
