import {
  apiPath,
  type TBanner,
  type TCategory,
  type TCollection,
  type TLocale,
} from '@layerline/contract';
import { currentLocale } from '../i18n/i18n';
import { configureApiClient } from '../lib/api';
import {
  createFakeFetch,
  envelope,
  type TFetchCall,
  type TFetchHandler,
} from '../lib/api/test-fakes';

/**
 * The home discovery endpoints at the network boundary: a scripted fetch
 * behind the real API client. Names follow the request's Content-Language,
 * as the server's do.
 */
export type TRoute = (call: TFetchCall, url: URL, locale: TLocale) => Response | Promise<Response>;

export function createBanner(overrides: Partial<TBanner> = {}): TBanner {
  const id = overrides.id ?? 1;
  return {
    id,
    img: `/files/banner-${id}.webp`,
    title: `Banner ${id}`,
    link: `/collections/${id}`,
    title_link: '',
    subtitle: `Subtitle ${id}`,
    buttonText: `Open ${id}`,
    iconType: 'default',
    ...overrides,
  };
}

export function createCollection(overrides: Partial<TCollection> = {}): TCollection {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Collection ${id}`,
    description: '',
    count: 3,
    cover: [`/files/c${id}-1.webp`, `/files/c${id}-2.webp`],
    ...overrides,
  };
}

export function createCategory(
  id: number,
  name: string,
  children: { id: number; name: string }[] = [],
): TCategory {
  return { id, name, Children: children };
}

/** Routes by path; anything not routed answers an empty list. */
export function installFakeApi(routes: Record<string, TRoute>) {
  const handler: TFetchHandler = (call) => {
    const url = new URL(call.url, 'http://localhost');
    const locale: TLocale = call.headers.get('Content-Language') === 'zh' ? 'zh' : 'en';
    const route = routes[url.pathname];
    return route ? route(call, url, locale) : listEnvelope([]);
  };
  const network = createFakeFetch(handler);
  // A fresh client each time: its de-duplication starts empty. The
  // language is i18next's, as the app's ApiBridge sets it.
  configureApiClient({ fetch: network.fetch, getLocale: currentLocale });
  const callsTo = (path: string) =>
    network.calls.filter((call) => new URL(call.url, 'http://localhost').pathname === path);
  return { calls: network.calls, callsTo };
}

export const HOME_PATHS = {
  banners: apiPath('banners.list'),
  collections: apiPath('collections.list'),
  categories: apiPath('catalog.categories'),
} as const;

/** A list envelope as the server sends it (SPEC 7: lists carry total). */
export function listEnvelope(items: readonly unknown[]) {
  return envelope(items, 200, 'success', { total: items.length });
}

/** Banners by type (1 carousel, 2 grid), collections and categories, all in one go. */
export function homeRoutes(content: {
  carousel?: TBanner[];
  banners?: TBanner[];
  collections?: TCollection[];
  categories?: TCategory[];
}): Record<string, TRoute> {
  return {
    [HOME_PATHS.banners]: (_call, url) =>
      listEnvelope(
        url.searchParams.get('type') === '1' ? (content.carousel ?? []) : (content.banners ?? []),
      ),
    [HOME_PATHS.collections]: () => listEnvelope(content.collections ?? []),
    [HOME_PATHS.categories]: () => listEnvelope(content.categories ?? []),
  };
}
