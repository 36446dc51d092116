import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { forgetEntities } from '../entities/entity-cache';
import { useSessionStore } from '../stores/session.store';

/**
 * What was read for one viewer is not the next one's (a login, a logout, an
 * expired session): the works', posts' and makers' entries go (their
 * `is_like`, `is_favor` and follow state are the viewer's, ADR 0049) and
 * every other answer is old, asked again when next shown. Mounted once,
 * inside the app's QueryClientProvider.
 */
export function useViewerScope(): void {
  const queryClient = useQueryClient();
  const viewer = useSessionStore((state) => (state.isLogin ? state.user.userId || '?' : ''));
  const previous = useRef(viewer);
  useEffect(() => {
    if (previous.current === viewer) return;
    previous.current = viewer;
    forgetEntities(queryClient);
    void queryClient.invalidateQueries({ refetchType: 'none' });
  }, [queryClient, viewer]);
}
