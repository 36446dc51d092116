import {
  LIMITS,
  type TNotification,
  type TNotificationKind,
  type TUnreadCounts,
} from '@layerline/contract';
import { apiClient } from '../../lib/api';

/** SPEC 7: one list path per kind of the SPEC 2 Notifications screen; ours: unread, read, stream. */
export const NOTIFY_PATHS = {
  list: {
    comment: '/api/v1/comment/belist',
    liked: '/api/v1/works/like/belist',
    favor: '/api/v1/favor/belist',
    follow: '/api/v1/follow/user/belist',
    system: '/api/v1/notify/sys_msg/pull',
  } satisfies Record<TNotificationKind, string>,
  unread: '/api/v1/notify/unread',
  read: '/api/v1/notify/read',
  stream: '/api/v1/notify/stream',
} as const;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (kind: TNotificationKind) => [...notificationKeys.all, 'list', kind] as const,
};

export type TNotificationPage = { data: TNotification[]; total: number };

/** A page of one kind, newest first; never from the GET cache, new ones arrive all the time. */
export async function fetchNotifications(
  kind: TNotificationKind,
  page: number,
  signal?: AbortSignal,
): Promise<TNotificationPage> {
  const envelope = await apiClient.get<TNotification[]>(NOTIFY_PATHS.list[kind], {
    query: { page, pageSize: LIMITS.notificationPageSize },
    cache: false,
    signal,
  });
  return { data: envelope.data, total: envelope.total ?? envelope.data.length };
}

/**
 * Unread counts per kind and in all (side navigation badges). Silent: it runs
 * in the background, and a failure only means the badge waits for the next try.
 */
export async function fetchUnread(): Promise<TUnreadCounts> {
  const envelope = await apiClient.get<TUnreadCounts>(NOTIFY_PATHS.unread, {
    cache: false,
    silent: true,
  });
  return envelope.data;
}

/** Marks the caller's notifications of `kind` read; answers the counts afterwards. */
export async function markRead(kind: TNotificationKind): Promise<TUnreadCounts> {
  const envelope = await apiClient.put<TUnreadCounts>(
    NOTIFY_PATHS.read,
    { kind },
    { silent: true },
  );
  return envelope.data;
}

/** EventSource cannot send headers: the access token rides in ?token= (ADR 0006). */
export function streamUrl(token: string): string {
  return `${NOTIFY_PATHS.stream}?${new URLSearchParams({ token }).toString()}`;
}
