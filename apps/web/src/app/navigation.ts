import { PATHS } from './paths';

export interface TNavigateOptions {
  replace?: boolean;
}

type TNavigator = (to: string, options?: TNavigateOptions) => unknown;

let navigator: TNavigator | null = null;
type TLocation = { pathname: string; search: string };
let readLocation: (() => TLocation) | null = null;

/**
 * Code outside React (the API client, stores) must be able to change the route,
 * e.g. SPEC 2 'A not-found server response sends the browser to /404'. The
 * router registers its navigate function here when it is created.
 */
export function bindNavigation(navigate: TNavigator, location?: () => TLocation): () => void {
  navigator = navigate;
  readLocation = location ?? null;
  return () => {
    if (navigator !== navigate) return;
    navigator = null;
    readLocation = null;
  };
}

/** The router's current location (the memory router in tests has its own). */
function currentLocation(): TLocation {
  return readLocation?.() ?? window.location;
}

export function currentPathname(): string {
  return currentLocation().pathname;
}

/** Path and query, e.g. `/community?post=3&comment=9`: where to come back to after a login. */
export function currentPath(): string {
  const { pathname, search } = currentLocation();
  return `${pathname}${search}`;
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
