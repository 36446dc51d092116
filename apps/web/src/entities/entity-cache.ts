import { hashKey, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The one home of what changes on a work, a post or a maker while the page is
 * open (counts, the viewer's flags, follow state): one entry per entity in
 * the TanStack Query cache, keyed `[kind, id]` (ADR 0049). Lists and details
 * keep the answers they fetched and show each entity through its entry, so a
 * change written here shows on every card and detail of it at once.
 *
 * An entry holds only what is known newer than the answers: it is made by a
 * detail's answer or a change, and later answers refresh it when they were
 * asked after it was written.
 */
export type TEntityKind = 'work' | 'post' | 'maker';
export type TEntityKey = readonly [TEntityKind, number];

export const ENTITY_KINDS: readonly TEntityKind[] = ['work', 'post', 'maker'];

export const entityKey = (kind: TEntityKind, id: number): TEntityKey => [kind, id];

/** What an answer says about one entity, for `noteAnswers`. */
export type TAnswered<TState> = { id: number; state: TState };

/**
 * The entry of one entity, and a render again whenever it changes. No Query
 * observer: a page of 50 cards subscribes 50 times to the cache's events,
 * which costs a string comparison each, and makes no cache entries.
 */
export function useEntry<TState>(kind: TEntityKind, id: number | null): TState | undefined {
  const cache = useQueryClient().getQueryCache();
  const hash = id === null ? '' : hashKey(entityKey(kind, id));
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [cache, hash],
  );
  const read = () => (hash ? (cache.get(hash)?.state.data as TState | undefined) : undefined);
  return useSyncExternalStore(subscribe, read, read);
}

export function readEntry<TState>(
  queryClient: QueryClient,
  kind: TEntityKind,
  id: number,
): TState | undefined {
  return queryClient.getQueryData<TState>(entityKey(kind, id));
}

/**
 * Merges `patch` into the entry (made when missing). `askedAt`: when the
 * answer the patch comes from was asked for; a change made now leaves it out.
 * Entries are kept for the life of the page: a card may show one for as long
 * as it is mounted, and nothing refetches them.
 */
export function writeEntry<TState extends object>(
  queryClient: QueryClient,
  kind: TEntityKind,
  id: number,
  patch: Partial<TState>,
  askedAt: number = Date.now(),
): void {
  const queryKey = entityKey(kind, id);
  queryClient.getQueryCache().build(queryClient, { queryKey, gcTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData<TState>(queryKey, (entry) => ({ ...entry, ...patch }) as TState, {
    updatedAt: askedAt,
  });
}

/**
 * Entities as an answer asked for at `askedAt` shows them. An entry written
 * after the answer was asked (a like answered meanwhile) or changing now (a
 * like on its way) keeps its state. `create`: a detail's answer also makes
 * the entries it lacks; a list's only refreshes those that exist, so a page
 * of cards costs nothing until one of them changes.
 */
export function noteAnswers<TState extends object>(
  queryClient: QueryClient,
  kind: TEntityKind,
  answered: readonly TAnswered<TState>[],
  askedAt: number,
  { create = false }: { create?: boolean } = {},
): void {
  const cache = queryClient.getQueryCache();
  for (const { id, state } of answered) {
    const queryKey = entityKey(kind, id);
    const entry = cache.get(hashKey(queryKey));
    const hasEntry = entry?.state.data !== undefined;
    if (!hasEntry && !create) continue;
    if (hasEntry && (entry?.state.dataUpdatedAt ?? 0) > askedAt) continue;
    if (queryClient.isMutating({ mutationKey: queryKey }) > 0) continue;
    writeEntry(queryClient, kind, id, state, askedAt);
  }
}

/** Every entry: the viewer changed, and with them every `is_like`, `is_favor` and follow state. */
export function forgetEntities(queryClient: QueryClient): void {
  for (const kind of ENTITY_KINDS) queryClient.removeQueries({ queryKey: [kind] });
}
