import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIsPageActive } from '../../app/KeepAliveOutlet';
import { profileKeys } from './profile-keys';

/**
 * The profile page is kept alive (SPEC 2) while the user likes, collects and
 * follows elsewhere. Coming back to it reloads what has gone stale (older
 * than the 30 s freshness of SPEC 4's cache), so the liked and collected
 * tabs and the counters match; fresh data is kept as it is.
 */
export function useRefreshOnReturn(userId: number | null): void {
  const queryClient = useQueryClient();
  const isActive = useIsPageActive();
  const wasActive = useRef(isActive);
  useEffect(() => {
    const cameBack = isActive && !wasActive.current;
    wasActive.current = isActive;
    if (!cameBack || userId === null) return;
    void queryClient.refetchQueries({
      queryKey: profileKeys.user(userId),
      stale: true,
      type: 'active',
    });
  }, [isActive, queryClient, userId]);
}
