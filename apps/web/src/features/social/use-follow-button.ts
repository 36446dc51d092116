import type { TFollowState } from '@layerline/contract';
import { useMakerState } from '../../entities/makers';
import { useSessionStore } from '../../stores/session.store';
import { isFollowing, useFollowUser } from './api';

/**
 * What a follow button shows and does, however it is drawn (SPEC 4 follow,
 * following or mutual; a visitor gets the login dialog, SPEC 6): the state
 * the caller's answer says until the maker's entry changed it (ADR 0049),
 * and null for oneself, who has no button.
 */
export function useFollowButton(userId: number, answered: TFollowState) {
  const myId = useSessionStore((session) => session.user.userId);
  const state = useMakerState(userId, { follow_state: answered }).follow_state ?? answered;
  const { toggle, isPending } = useFollowUser(userId);
  if (myId !== '' && myId === String(userId)) return null;
  return { state, isOn: isFollowing(state), isPending, toggle: () => toggle(state) };
}
