import { LIMITS, type TUserInfo } from '@layerline/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { profileFromUserInfo, useSessionStore } from '../../stores/session.store';

export const userKeys = {
  all: ['users'] as const,
  me: (userId: string) => [...userKeys.all, 'me', userId] as const,
};

/** Copies a user-info answer onto the session, which every place showing the user reads. */
export function applyUserInfo(info: TUserInfo): void {
  const session = useSessionStore.getState();
  // A logout while the answer was on its way must not bring the profile back.
  if (!session.isLogin) return;
  session.setProfile(profileFromUserInfo(info));
}

/**
 * GET getinfo. Records the time for the SPEC 4 limit of
 * one fetch per 5 s. `silent`: a background read, failures not reported.
 */
export async function loadMyInfo(options: { silent?: boolean } = {}): Promise<TUserInfo> {
  useSessionStore.getState().markUserInfoRequested(Date.now());
  const { data } = await callApi('users.info', {}, options.silent ? { silent: true } : {});
  applyUserInfo(data);
  return data;
}

/** The logged-in user's full profile (SPEC 3: also gender, birthday, bio, tag). */
export function useMyProfile() {
  const isLogin = useSessionStore((state) => state.isLogin);
  const userId = useSessionStore((state) => state.user.userId);
  return useQuery({
    queryKey: userKeys.me(userId),
    queryFn: () => loadMyInfo(),
    enabled: isLogin && userId !== '',
    staleTime: LIMITS.userInfoRefetchMs,
  });
}
