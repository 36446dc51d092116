import { z } from 'zod';
import { LIMITS, NOTIFICATION_KINDS } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { ZId } from './common';

export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

/** What a system notification is about; `message` is free text a moderator or admin sent. */
export const SYSTEM_TYPES = ['message', 'work_approved', 'work_rejected'] as const;
export const ZSystemType = z.enum(SYSTEM_TYPES);
export type TSystemType = z.infer<typeof ZSystemType>;

/**
 * One item of the five SPEC 7 notification lists (SPEC left the shape open):
 * who (`user_id`, `nickname`, `avatar`; null and '' for the system), what
 * (`kind`, and for a comment its text in `content`, `comment_id`, the
 * thread's `parent_id` and `is_reply`), on which work (`work_id`,
 * `work_title`, `work_cover` = first cover image), when (`CreatedAt`, ISO)
 * and whether it was read (`is_read`). A follow item says whether the
 * recipient follows back (`is_follow`). System items carry `system_type`,
 * `title` (localised for the generated ones) and `content`.
 */
export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  is_read: z.boolean(),
  CreatedAt: z.string(),
  user_id: z.number().int().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  work_id: z.number().int().nullable(),
  work_title: z.string(),
  work_cover: z.string(),
  /** A like or comment on a community post: the post, its text's start and first image. */
  post_id: z.number().int().nullable(),
  post_excerpt: z.string(),
  post_image: z.string(),
  comment_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  is_reply: z.boolean(),
  is_follow: z.boolean(),
  system_type: ZSystemType.nullable(),
  title: z.string(),
  content: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** Notification lists: page and pageSize, newest first. */
export const ZNotificationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxPageSize)
    .default(LIMITS.notificationPageSize),
});
export type TNotificationQuery = z.infer<typeof ZNotificationQuery>;
export const ZNotificationListResponse = ZListEnvelope(ZNotification);

/** Ours: GET /api/v1/notify/unread, unread notifications per kind and in all (side navigation badges). */
export const ZUnreadCounts = z.object({
  comment: z.number().int().nonnegative(),
  liked: z.number().int().nonnegative(),
  favor: z.number().int().nonnegative(),
  follow: z.number().int().nonnegative(),
  system: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type TUnreadCounts = z.infer<typeof ZUnreadCounts>;
export const ZUnreadResponse = ZEnvelope(ZUnreadCounts);

/**
 * Ours: PUT /api/v1/notify/read marks the caller's notifications read: those
 * of `kind` (absent or 'all': every kind), only `ids` when given. Answers the
 * unread counts afterwards.
 */
export const ZMarkReadRequest = z.object({
  kind: z.union([ZNotificationKind, z.literal('all')]).default('all'),
  ids: z.array(ZId).max(LIMITS.maxPageSize).optional(),
});
export type TMarkReadRequest = z.infer<typeof ZMarkReadRequest>;

/**
 * Ours: POST /api/v1/notify/sys_msg, a system message from a moderator to
 * one user (`user_id`), or from an admin to every user (no `user_id`).
 */
export const ZSystemMessageRequest = z.object({
  user_id: ZId.optional(),
  work_id: ZId.optional(),
  title: z
    .string({ error: 'systemTitleRequired' })
    .trim()
    .min(1, { error: 'systemTitleRequired' })
    .max(LIMITS.systemTitleMax, { error: 'systemTitleTooLong' }),
  content: z
    .string({ error: 'systemContentRequired' })
    .trim()
    .min(1, { error: 'systemContentRequired' })
    .max(LIMITS.systemContentMax, { error: 'systemContentTooLong' }),
});
export type TSystemMessageRequest = z.infer<typeof ZSystemMessageRequest>;
export const ZSystemMessageResponse = ZEnvelope(z.object({ count: z.number().int() }));

/**
 * Ours: one message of the live stream GET /api/v1/notify/stream
 * (Server-Sent Events, unnamed `data:` lines of JSON). `kind` is what
 * changed, null for the first message after connecting and after mark-read.
 */
export const ZLiveEvent = z.object({
  kind: ZNotificationKind.nullable(),
  unread: ZUnreadCounts,
});
export type TLiveEvent = z.infer<typeof ZLiveEvent>;
/**
 * `?ticket=`: EventSource cannot send headers, so a stream is opened with a
 * ticket from POST /api/v1/user/stream_ticket (short-lived, used once), never
 * with the access token, which proxies and access logs would keep.
 */
export const ZStreamQuery = z.object({ ticket: z.string().max(512).optional() });
