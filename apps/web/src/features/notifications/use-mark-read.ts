import type { TNotificationKind } from '@layerline/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { markRead, notificationKeys } from './api';
import { useUnreadStore } from './unread.store';

/**
 * Opening a tab marks its kind read (ours: the SPEC 2 screen leaves it open
 * when). The list is fetched first, so what was new still shows as unread on
 * this visit; a notification arriving while the tab is open does the same.
 */
export function useMarkReadOnOpen(kind: TNotificationKind, isActive: boolean): void {
  const queryClient = useQueryClient();
  const unread = useUnreadStore((state) => state.counts?.[kind] ?? 0);
  const running = useRef(new Set<TNotificationKind>());

  useEffect(() => {
    if (!isActive || unread === 0 || running.current.has(kind)) return;
    running.current.add(kind);
    void (async () => {
      try {
        await queryClient.refetchQueries(
          { queryKey: notificationKeys.list(kind) },
          { cancelRefetch: false },
        );
        useUnreadStore.getState().setCounts(await markRead(kind));
      } catch {
        // The badge stays; the next visit tries again.
      } finally {
        running.current.delete(kind);
      }
    })();
  }, [isActive, kind, queryClient, unread]);
}
