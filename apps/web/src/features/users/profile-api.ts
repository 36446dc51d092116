import type { TUserProfile, TWorkCard } from '@layerline/contract';
import { useQuery } from '@tanstack/react-query';
import { apiClient, type TRequestOptions } from '../../lib/api';
import { retryCancelled } from '../feed/feed-query';
import { WORK_PATHS, workKeys } from '../works/api';

/** Ours (profile) and SPEC 7 paths of the /userInfor/:id page. */
export const PROFILE_PATHS = {
  profile: (id: number) => `/api/v1/user/profile/${id}`,
  authorWorks: (id: number) => `/api/v1/works/author/all/${id}`,
  favorites: (uid: number) => `/api/v1/favor/${uid}`,
  liked: '/api/v1/works/like',
} as const;

/** SPEC 2: the tabs of a profile, and (ADR 0013) the maker's community posts. */
export const PROFILE_TABS = ['works', 'posts', 'collections', 'liked'] as const;
export type TProfileTab = (typeof PROFILE_TABS)[number];
/** The tabs that list works (paged works grids). */
export type TProfileWorksTab = Exclude<TProfileTab, 'posts'>;

/**
 * Under the works keys on purpose: deleting a work or appealing one
 * invalidates every works query, so the counters and tabs follow.
 */
export const profileKeys = {
  all: [...workKeys.all, 'profile'] as const,
  user: (id: number) => [...profileKeys.all, id] as const,
  header: (id: number) => [...profileKeys.user(id), 'header'] as const,
  list: (id: number, tab: TProfileWorksTab, isOwn: boolean) =>
    [...profileKeys.user(id), tab, isOwn ? 'own' : 'public'] as const,
};

/**
 * Follow states, points and the own lists differ per account: never from the
 * client's GET cache, which every account used in this tab shares.
 */
const PERSONAL: TRequestOptions = { cache: false, silent: true };

/** GET /api/v1/user/profile/{id}; an unknown user is a not-found answer: /404 (SPEC 2). */
export async function fetchUserProfile(id: number, signal?: AbortSignal): Promise<TUserProfile> {
  return (await apiClient.get<TUserProfile>(PROFILE_PATHS.profile(id), { ...PERSONAL, signal }))
    .data;
}

export function useUserProfile(id: number | null) {
  return useQuery({
    queryKey: profileKeys.header(id ?? 0),
    queryFn: ({ signal }) => fetchUserProfile(id ?? 0, signal),
    enabled: id !== null,
    ...retryCancelled,
  });
}

type TPageAnswer = { data: TWorkCard[]; total: number };

async function getPage(
  path: string,
  query: Record<string, number>,
  signal: AbortSignal,
): Promise<TPageAnswer> {
  const envelope = await apiClient.get<TWorkCard[] | null>(path, {
    ...PERSONAL,
    query,
    signal,
    redirectOnNotFound: false,
  });
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return { data, total: envelope.total ?? data.length };
}

/**
 * One page of a profile tab:
 * - works: one's own in every review state (GET /works?mine=1, as
 *   fetchMyWorks, but silent: the tab shows the failure itself; rejected and
 *   in-review cards show their marks), another maker's published ones
 *   (GET /works/author/all/{id}, SPEC 7 sends `author` too);
 * - collections: the works the user collected (GET /favor/{uid}, SPEC 7 sends `uid` too);
 * - liked: one's own liked works (GET /works/like), or another maker's public
 *   ones (ADR 0019: `uid`; the server refuses private ones).
 */
export function fetchProfileTabPage(
  tab: TProfileWorksTab,
  userId: number,
  isOwn: boolean,
  page: number,
  pageSize: number,
  signal: AbortSignal,
): Promise<TPageAnswer> {
  switch (tab) {
    case 'works':
      return isOwn
        ? getPage(WORK_PATHS.list, { mine: 1, page, pageSize }, signal)
        : getPage(PROFILE_PATHS.authorWorks(userId), { author: userId, page, pageSize }, signal);
    case 'collections':
      return getPage(PROFILE_PATHS.favorites(userId), { uid: userId, page, pageSize }, signal);
    case 'liked':
      return getPage(
        PROFILE_PATHS.liked,
        isOwn ? { page, pageSize } : { uid: userId, page, pageSize },
        signal,
      );
  }
}
