import type { TCatalog } from '../i18n/locales/en';

export type TSeoPage = keyof TCatalog['seo']['pages'];

/** Per-route facts the shell reads through useMatches(). */
export interface TRouteHandle {
  seo?: TSeoPage;
  /** SPEC 2: page kept mounted (hidden) after the user leaves it. */
  keepAlive?: boolean;
  /** Cached pages of a login-only route are dropped on logout. */
  requiresLogin?: boolean;
}

export function routeHandle(value: unknown): TRouteHandle {
  return value && typeof value === 'object' ? (value as TRouteHandle) : {};
}
