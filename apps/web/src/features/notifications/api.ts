import {
  apiPath,
  LIMITS,
  type TNotification,
  type TNotificationKind,
  type TUnreadCounts,
} from '@layerline/contract';
import { callApi, type TJsonEndpoint } from '../../lib/api';

/** SPEC 7: one list endpoint per kind of the SPEC 2 Notifications screen. */
export const NOTIFICATION_LIST_ENDPOINTS = {
  comment: 'notifications.comments',
  liked: 'notifications.likes',
  favor: 'notifications.favors',
  follow: 'notifications.follows',
  system: 'notifications.system',
} as const satisfies Record<TNotificationKind, TJsonEndpoint>;

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (kind: TNotificationKind) => [...notificationKeys.all, 'list', kind] as const,
};

export type TNotificationPage = { data: TNotification[]; total: number };

/** A page of one kind, newest first. */
export async function fetchNotifications(
  kind: TNotificationKind,
  page: number,
  signal?: AbortSignal,
): Promise<TNotificationPage> {
  const envelope = await callApi(
    NOTIFICATION_LIST_ENDPOINTS[kind],
    { query: { page, pageSize: LIMITS.notificationPageSize } },
    { signal },
  );
  return { data: envelope.data, total: envelope.total ?? envelope.data.length };
}

/**
 * Unread counts per kind and in all (side navigation badges). Silent: it runs
 * in the background, and a failure only means the badge waits for the next try.
 */
export async function fetchUnread(): Promise<TUnreadCounts> {
  const envelope = await callApi('notifications.unread', {}, { silent: true });
  return envelope.data;
}

/** Marks the caller's notifications of `kind` read; answers the counts afterwards. */
export async function markRead(kind: TNotificationKind): Promise<TUnreadCounts> {
  const envelope = await callApi('notifications.read', { body: { kind } }, { silent: true });
  return envelope.data;
}

/**
 * A ticket that opens one live stream of this session (ADR 0074):
 * EventSource cannot send headers, and an access token in a URL would stay
 * in access logs.
 */
export async function streamTicket(): Promise<string> {
  const envelope = await callApi('auth.streamTicket', {}, { silent: true });
  return envelope.data.ticket;
}

/** The notification stream opened with a ticket (ADR 0006, 0074). */
export function streamUrl(ticket: string): string {
  return `${apiPath('notifications.stream')}?${new URLSearchParams({ ticket }).toString()}`;
}
