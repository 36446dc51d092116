import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';

/**
 * Location state of /work/:id. `backOnClose`: the modal was opened from a
 * page of the app, so closing it goes back there (scroll position and all);
 * without it (a shared link) closing goes home.
 */
export type TWorkLocationState = { backOnClose?: boolean };

export function isBackOnClose(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && (state as TWorkLocationState).backOnClose);
}

/** The state a link to a work carries when it is opened from within the app. */
export const OPENED_IN_APP: TWorkLocationState = { backOnClose: true };

/**
 * Opens the product detail modal of a work. `replace` swaps the work shown
 * (a work of the author's hover card) without a new history entry, keeping
 * how the modal closes.
 */
export function useOpenWork(): (id: number, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (id, options = {}) => {
      if (options.replace) {
        void navigate(PATHS.work(id), { replace: true, state: location.state });
      } else {
        void navigate(PATHS.work(id), { state: OPENED_IN_APP });
      }
    },
    [navigate, location.state],
  );
}

/**
 * Clicking an author opens their profile, for visitors too: SPEC 1 and 6 let
 * visitors view profiles, which ADR 0016 follows over SPEC 2's login dialog.
 * Following, liking and the rest stay behind login on the profile itself.
 */
export function useOpenProfile(): (authorId: number) => void {
  const navigate = useNavigate();
  return useCallback((authorId) => void navigate(PATHS.profile(authorId)), [navigate]);
}
