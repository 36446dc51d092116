import type { TUserProfile, TWorkCard } from '@layerline/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { noteMaker } from '../../entities/makers';
import { callApi, type TAnswer, type TRequestOptions } from '../../lib/api';
import { retryCancelled } from '../feed/feed-query';
import { profileKeys, type TProfileWorksTab } from './profile-keys';

/** Follow states, points and the own lists differ per account; the page shows its own failures. */
const PERSONAL: TRequestOptions = { silent: true };

/** GET user/profile/{id}; an unknown user is a not-found answer: /404 (SPEC 2). */
export async function fetchUserProfile(id: number, signal?: AbortSignal): Promise<TUserProfile> {
  return (await callApi('users.profile', { params: { id } }, { ...PERSONAL, signal })).data;
}

/** The profile's follow state and fans are the maker's, shown wherever they show (ADR 0049). */
export function useUserProfile(id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: profileKeys.header(id ?? 0),
    queryFn: async ({ signal }) => {
      const askedAt = Date.now();
      const profile = await fetchUserProfile(id ?? 0, signal);
      noteMaker(queryClient, profile.id, profile, askedAt);
      return profile;
    },
    enabled: id !== null,
    ...retryCancelled,
  });
}

type TPageAnswer = { data: TWorkCard[]; total: number };

/** Options of the tabs' page calls: a missing user is the tab's own empty or error state. */
const PAGE: TRequestOptions = { ...PERSONAL, redirectOnNotFound: false };

/** DESIGN 3: a list answer without a list is an empty page. */
function pageOf(envelope: TAnswer<'works.list'>): TPageAnswer {
  const data: TWorkCard[] = Array.isArray(envelope.data) ? envelope.data : [];
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
export async function fetchProfileTabPage(
  tab: TProfileWorksTab,
  userId: number,
  isOwn: boolean,
  page: number,
  pageSize: number,
  signal: AbortSignal,
): Promise<TPageAnswer> {
  const options = { ...PAGE, signal };
  switch (tab) {
    case 'works':
      return pageOf(
        isOwn
          ? await callApi('works.list', { query: { mine: '1', page, pageSize } }, options)
          : await callApi(
              'works.authorWorks',
              { params: { id: userId }, query: { author: userId, page, pageSize } },
              options,
            ),
      );
    case 'collections':
      return pageOf(
        await callApi(
          'social.favored',
          { params: { uid: userId }, query: { uid: userId, page, pageSize } },
          options,
        ),
      );
    case 'liked':
      return pageOf(
        await callApi(
          'social.liked',
          { query: isOwn ? { page, pageSize } : { uid: userId, page, pageSize } },
          options,
        ),
      );
  }
}
