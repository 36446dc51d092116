import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSessionStore } from '../stores/session.store';
import { forgetEntities } from './entity-cache';

/**
 * The viewer's flags (`is_like`, `is_favor`, follow state) are theirs alone:
 * when the session's user changes (login, logout, an expired session), every
 * entry goes and the lists' own answers show until they are asked again.
 * Mounted once, inside the app's QueryClientProvider.
 */
export function useEntitiesPerViewer(): void {
  const queryClient = useQueryClient();
  const viewer = useSessionStore((state) => (state.isLogin ? state.user.userId || '?' : ''));
  const previous = useRef(viewer);
  useEffect(() => {
    if (previous.current === viewer) return;
    previous.current = viewer;
    forgetEntities(queryClient);
  }, [queryClient, viewer]);
}
