import type { TCategory, TLocale } from '@layerline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keptFiveMinutes } from '../../app/query-client';
import { useLocale } from '../../i18n/use-locale';
import { callApi, peekApi, type TAnswer } from '../../lib/api';
import { FEED_QUERY_KEY } from '../feed/feed-refresh';

/** Names come back in the request's Content-Language: the locale is part of the key. */
export const catalogKeys = {
  categories: (locale: TLocale) => [...FEED_QUERY_KEY, 'categories', locale] as const,
};

export interface TCategoryChild {
  id: number;
  name: string;
}

/** A parent category that the filter bar can show: it has at least one child. */
export interface TParentCategory extends TCategoryChild {
  children: TCategoryChild[];
}

type TCategoryPayload = Partial<TCategory>;

/** SPEC 2: the filter bar shows only the parent categories that have children. */
export function parentsWithChildren(items: TCategoryPayload[]): TParentCategory[] {
  return items.flatMap((item) => {
    const children = (item.Children ?? []).filter(
      (child): child is TCategoryChild => typeof child?.id === 'number',
    );
    if (typeof item.id !== 'number' || children.length === 0) return [];
    return [{ id: item.id, name: item.name ?? '', children }];
  });
}

/** GET catalog.categories (SPEC 7's /categroy/all, path as spelled there): the category tree. */
export async function fetchCategories(signal?: AbortSignal): Promise<TParentCategory[]> {
  // Silent: the bar shows its own category-fetch-failed message (SPEC 8).
  return categoryTree(await callApi('catalog.categories', {}, { signal, silent: true }));
}

function categoryTree(envelope: TAnswer<'catalog.categories'>): TParentCategory[] {
  const items: TCategoryPayload[] = Array.isArray(envelope.data) ? envelope.data : [];
  return parentsWithChildren(items);
}

/** The category tree the page already holds (brought by the home's HTML), for the first render. */
function categoriesAtHand(): TParentCategory[] | undefined {
  const envelope = peekApi('catalog.categories');
  return envelope && categoryTree(envelope);
}

export function useCategories() {
  const locale = useLocale();
  return useQuery({
    queryKey: catalogKeys.categories(locale),
    queryFn: ({ signal }) => fetchCategories(signal),
    initialData: categoriesAtHand,
    placeholderData: keepPreviousData,
    ...keptFiveMinutes,
  });
}
