import {
  NOTIFICATION_KINDS,
  type TNotificationKind,
  type TUnreadCounts,
} from '@layerline/contract';

/**
 * The tab /inform opens on without `?tab=`: the first kind (in the tab bar's
 * order) with unread notifications, else the first tab.
 */
export function firstTabWithUnread(counts: TUnreadCounts | null): TNotificationKind {
  return NOTIFICATION_KINDS.find((kind) => (counts?.[kind] ?? 0) > 0) ?? NOTIFICATION_KINDS[0];
}
