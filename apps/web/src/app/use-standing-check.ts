import { LIMITS } from '@layerline/contract';
import { useEffect } from 'react';
import { loadMyInfo } from '../features/users/api';
import { useSessionStore } from '../stores/session.store';

let isChecked = false;

/**
 * ADR 0072: a stored session's user info is read again once per page load,
 * in the background, when a composer a suspension closes first shows, so a
 * suspension given (or lifted) since the last login is known before a write
 * is refused. Silent; skipped when getinfo was asked within 5 s (SPEC 4).
 */
export async function checkStanding(): Promise<void> {
  const session = useSessionStore.getState();
  if (!session.isLogin || !session.user.userId || session.isLoginInProgress) return;
  if (Date.now() - session.userInfoRequestedAt < LIMITS.userInfoRefetchMs) return;
  try {
    await loadMyInfo({ silent: true });
  } catch {
    // What was known stays; the next load or a refused write tells again.
  }
}

/** Runs `checkStanding` once per page load. */
export function useStandingCheck(): void {
  useEffect(() => {
    if (isChecked) return;
    isChecked = true;
    void checkStanding();
  }, []);
}

/** Tests start each page load afresh. */
export function resetStandingCheck(): void {
  isChecked = false;
}
