import {
  message,
  NOTIFICATION_KINDS,
  rejectionText,
  type TLocale,
  type TNotification,
  type TUnreadCounts,
} from '@layerline/contract';
import { displayName } from '../../kernel/display-name';
import type { TNotificationRow, TUnreadRow } from './notifications.repository';

/** The start of a post's text, for a notification line. */
const POST_EXCERPT_CHARS = 80;
function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = [...flat];
  return chars.length <= POST_EXCERPT_CHARS
    ? flat
    : `${chars.slice(0, POST_EXCERPT_CHARS).join('')}…`;
}

/** Generated system messages say what happened in the reader's language; sent ones keep their text. */
function systemTitle(row: TNotificationRow, locale: TLocale): string {
  const params = { title: row.workTitle ?? '' };
  if (row.systemType === 'work_approved') return message(locale, 'noticeWorkApproved', params);
  if (row.systemType === 'work_rejected') return message(locale, 'noticeWorkRejected', params);
  return row.title;
}

/** A rejection's reason may be a preset, kept as its code: the reader gets it in their language. */
function systemContent(row: TNotificationRow, locale: TLocale): string {
  return row.systemType === 'work_rejected' ? rejectionText(row.content, locale) : row.content;
}

export function toNotification(row: TNotificationRow, locale: TLocale): TNotification {
  const isComment = row.commentId !== null;
  return {
    id: row.id,
    kind: row.kind,
    is_read: row.readAt !== null,
    CreatedAt: row.createdAt.toISOString(),
    user_id: row.actorId,
    nickname:
      row.actorId === null ? '' : displayName(row.actorNickname ?? '', row.actorEmail ?? ''),
    avatar: row.actorAvatar ?? '',
    work_id: row.workId,
    work_title: row.workTitle ?? '',
    work_cover: row.workCover?.[0] ?? '',
    post_id: row.postId,
    post_excerpt: excerpt(row.postContent ?? ''),
    post_image: row.postImages?.[0] ?? '',
    comment_id: row.commentId,
    parent_id: row.commentParentId ?? null,
    is_reply: isComment && row.commentParentId !== null,
    is_follow: row.kind === 'follow' && Boolean(row.isFollow),
    system_type: row.systemType ?? null,
    title: row.kind === 'system' ? systemTitle(row, locale) : '',
    content: isComment ? (row.commentContent ?? '') : systemContent(row, locale),
  };
}

export function toUnreadCounts(rows: TUnreadRow[]): TUnreadCounts {
  const counts = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, 0])) as Omit<
    TUnreadCounts,
    'total'
  >;
  let total = 0;
  for (const row of rows) {
    counts[row.kind] = Number(row.unread);
    total += Number(row.unread);
  }
  return { ...counts, total };
}
