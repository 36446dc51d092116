/**
 * SPEC 3 session storage keys of the home page. The feed writes the scroll
 * position and the time the page was left; the collection strip's view and
 * the child-route state belong to their own features.
 */
export const HOME_SESSION_KEYS = {
  childRouteState: 'homePage_childRouteState',
  scrollTop: 'homePageScrollTop',
  collectionView: 'homePageCollectionView',
  lastLeaveTime: 'homePageLastLeaveTime',
} as const;

type THomeSessionKey = (typeof HOME_SESSION_KEYS)[keyof typeof HOME_SESSION_KEYS];

/** Storage can be missing or refuse writes (private mode, quota): the feed works without it. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readSessionNumber(key: THomeSessionKey): number | null {
  const raw = storage()?.getItem(key);
  if (raw === null || raw === undefined || raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeSessionNumber(key: THomeSessionKey, value: number): void {
  try {
    storage()?.setItem(key, String(Math.round(value)));
  } catch {
    // Quota or privacy settings: nothing to restore later, nothing else breaks.
  }
}
