import {
  ZMarkReadRequest,
  ZNotificationListResponse,
  ZNotificationQuery,
  ZStreamQuery,
  ZSystemMessageRequest,
  ZSystemMessageResponse,
  ZUnreadResponse,
} from '../../schemas/notifications';
import type { TEndpointTable } from './types';

/** One kind's list of the Notifications screen: paged, newest first. */
const list = { query: ZNotificationQuery, response: ZNotificationListResponse } as const;

/** The schemas of the `notifications.*` routes of ../routes. */
export const notificationsEndpoints = {
  'notifications.unread': { response: ZUnreadResponse },
  'notifications.read': { body: ZMarkReadRequest, response: ZUnreadResponse },
  'notifications.sendSystem': { body: ZSystemMessageRequest, response: ZSystemMessageResponse },
  'notifications.system': list,
  // Server-Sent Events: no JSON answer.
  'notifications.stream': { query: ZStreamQuery },
  'notifications.likes': list,
  'notifications.favors': list,
  'notifications.comments': list,
  'notifications.follows': list,
} as const satisfies TEndpointTable<'notifications'>;
