import type { TCollection, TLocale, TWorkCard } from '@layerline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keptFiveMinutes } from '../../app/query-client';
import { useLocale } from '../../i18n/use-locale';
import { callApi, peekApi, type TAnswer } from '../../lib/api';
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
  return collectionViews(await callApi('collections.list', {}, { signal, silent: true }));
}

function collectionViews(envelope: TAnswer<'collections.list'>): TCollectionView[] {
  const items: TCollectionPayload[] = Array.isArray(envelope.data) ? envelope.data : [];
  return items
    .map(toCollectionView)
    .filter((item): item is TCollectionView => item !== null && item.count > 0);
}

/** The collections the page already holds (brought by the home's HTML), for the first render. */
function collectionsAtHand(): TCollectionView[] | undefined {
  const envelope = peekApi('collections.list');
  return envelope && collectionViews(envelope);
}

export function useCollections() {
  const locale = useLocale();
  return useQuery({
    queryKey: collectionKeys.list(locale),
    queryFn: ({ signal }) => fetchCollections(signal),
    initialData: collectionsAtHand,
    placeholderData: keepPreviousData,
    ...keptFiveMinutes,
    ...retryCancelled,
  });
}

/** Keys of the collection page; the title and description follow the language. */
export const collectionPageKeys = {
  all: ['collection-page'] as const,
  info: (id: number, locale: TLocale) => [...collectionPageKeys.all, 'info', id, locale] as const,
  works: (id: number) => [...collectionPageKeys.all, 'works', id] as const,
};

/** The collection of the page: the list's shape plus its description. */
export interface TCollectionDetail extends TCollectionView {
  description: string;
}

/**
 * GET getCollectionInfo/{id}. A collection that does not exist is a
 * not-found answer, which sends the browser to /404 (SPEC 2); other failures
 * are shown on the page.
 */
export async function fetchCollectionInfo(
  id: number,
  signal?: AbortSignal,
): Promise<TCollectionDetail | null> {
  const { data } = await callApi('collections.info', { params: { id } }, { signal, silent: true });
  const view = data ? toCollectionView(data) : null;
  return view ? { ...view, description: data?.description?.trim() ?? '' } : null;
}

export function useCollectionInfo(id: number | null) {
  const locale = useLocale();
  return useQuery({
    queryKey: collectionPageKeys.info(id ?? 0, locale),
    queryFn: ({ signal }) => fetchCollectionInfo(id ?? 0, signal),
    enabled: id !== null,
    // A language switch refetches the names: keep the page meanwhile.
    placeholderData: (previous) => (previous?.id === id ? previous : undefined),
    ...keptFiveMinutes,
    ...retryCancelled,
  });
}

/** GET getWorks/{id} with page and pageSize: the collection's published works as cards. */
export async function fetchCollectionWorks(
  id: number,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<{ data: TWorkCard[]; total: number }> {
  const envelope = await callApi(
    'collections.works',
    { params: { id }, query: { page, pageSize } },
    { signal, silent: true, redirectOnNotFound: false },
  );
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, total: envelope.total ?? data.length };
}

/** An id from a route parameter (digits only); null otherwise. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
