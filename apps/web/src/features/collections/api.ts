import type { TCollection, TLocale } from '@layerline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../i18n/use-locale';
import { apiClient } from '../../lib/api';
import { retryCancelled } from '../feed/feed-query';
import { FEED_QUERY_KEY } from '../feed/feed-refresh';

/** Titles come back in the request's Content-Language: the locale is part of the key. */
export const collectionKeys = {
  all: [...FEED_QUERY_KEY, 'collections'] as const,
  list: (locale: TLocale) => [...collectionKeys.all, locale] as const,
};

/** DESIGN 3: the server sends `id`; the client accepts `ID` too (SPEC 3 'ID or id'). */
export type TCollectionPayload = Partial<TCollection> & { ID?: number };

/** A collection the strip can show: an id to link to and a work count above 0. */
export interface TCollectionView {
  id: number;
  title: string;
  count: number;
  cover: string[];
}

export function toCollectionView(item: TCollectionPayload): TCollectionView | null {
  const id = item.id ?? item.ID;
  if (typeof id !== 'number') return null;
  const count = typeof item.count === 'number' ? item.count : 0;
  const cover = Array.isArray(item.cover)
    ? item.cover.filter((url): url is string => typeof url === 'string' && url.trim() !== '')
    : [];
  return { id, title: item.title?.trim() ?? '', count, cover };
}

/** GET /api/v1/collection/getAllCollection (SPEC 7). Collections with count 0 are hidden (SPEC 2). */
export async function fetchCollections(signal?: AbortSignal): Promise<TCollectionView[]> {
  const envelope = await apiClient.get<TCollectionPayload[] | null>(
    '/api/v1/collection/getAllCollection',
    { signal, silent: true },
  );
  const items = Array.isArray(envelope.data) ? envelope.data : [];
  return items
    .map(toCollectionView)
    .filter((item): item is TCollectionView => item !== null && item.count > 0);
}

export function useCollections() {
  const locale = useLocale();
  return useQuery({
    queryKey: collectionKeys.list(locale),
    queryFn: ({ signal }) => fetchCollections(signal),
    placeholderData: keepPreviousData,
    ...retryCancelled,
  });
}
