import type { BANNER_TYPES, TBanner, TLocale } from '@layerline/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { keptFiveMinutes } from '../../app/query-client';
import { useLocale } from '../../i18n/use-locale';
import { callApi, peekApi, type TAnswer } from '../../lib/api';
import { retryCancelled } from '../feed/feed-query';
import { FEED_QUERY_KEY } from '../feed/feed-refresh';

export type TBannerType = (typeof BANNER_TYPES)[keyof typeof BANNER_TYPES];

/**
 * Titles come back in the request's Content-Language, so the locale is part of
 * the key: a language switch fetches again. Under the feed prefix, so the logo
 * refresh reloads them (SPEC 2).
 */
export const bannerKeys = {
  all: [...FEED_QUERY_KEY, 'banners'] as const,
  list: (type: TBannerType, locale: TLocale) => [...bannerKeys.all, type, locale] as const,
};

/** The server's items may lack fields (SPEC 3); normalising fills them in. */
export type TBannerPayload = Partial<TBanner> & { ID?: number };

/** GET banners.list?type=1 (carousel) or 2 (banner grid), SPEC 7. */
export async function fetchBanners(
  type: TBannerType,
  signal?: AbortSignal,
): Promise<TBannerPayload[]> {
  // Silent: a failure falls back to the built-in items instead of a toast (SPEC 4).
  return bannerItems(await callApi('banners.list', { query: { type } }, { signal, silent: true }));
}

function bannerItems(envelope: TAnswer<'banners.list'>): TBannerPayload[] {
  return Array.isArray(envelope.data) ? envelope.data : [];
}

/** The banners the page already holds (brought by the home's HTML), for the first render. */
function bannersAtHand(type: TBannerType): TBannerPayload[] | undefined {
  const envelope = peekApi('banners.list', { query: { type } });
  return envelope && bannerItems(envelope);
}

export function useBanners(type: TBannerType) {
  const locale = useLocale();
  return useQuery({
    queryKey: bannerKeys.list(type, locale),
    queryFn: ({ signal }) => fetchBanners(type, signal),
    initialData: () => bannersAtHand(type),
    // After a language switch the old items stay until the new ones arrive.
    placeholderData: keepPreviousData,
    ...keptFiveMinutes,
    ...retryCancelled,
  });
}
