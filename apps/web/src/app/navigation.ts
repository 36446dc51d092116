import { PATHS } from './paths';

export interface TNavigateOptions {
  replace?: boolean;
}

type TNavigator = (to: string, options?: TNavigateOptions) => unknown;

let navigator: TNavigator | null = null;
let readPathname: (() => string) | null = null;

/**
 * Code outside React (the API client, stores) must be able to change the route,
 * e.g. SPEC 2 'A not-found server response sends the browser to /404'. The
 * router registers its navigate function here when it is created.
 */
export function bindNavigation(navigate: TNavigator, pathname?: () => string): () => void {
  navigator = navigate;
  readPathname = pathname ?? null;
  return () => {
    if (navigator !== navigate) return;
    navigator = null;
    readPathname = null;
  };
}

/** The router's current path (the memory router in tests has its own). */
export function currentPathname(): string {
  return readPathname?.() ?? window.location.pathname;
}

export function navigateTo(to: string, options: TNavigateOptions = {}): void {
  if (navigator) {
    void navigator(to, options);
    return;
  }
  // Before the router exists a full page load is the only way to get there.
  if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

export function navigateTo404(): void {
  navigateTo(PATHS.notFound, { replace: true });
}

export function navigateHome(options: TNavigateOptions = {}): void {
  navigateTo(PATHS.home, options);
}
