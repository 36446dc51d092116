import type { TPost } from '@layerline/contract';
import { displayName } from '../../kernel/display-name';
import type { TActivity, TPostRow } from './community-pages.repository';

export type TPostViewer = {
  /** Posts of the page the viewer liked. */
  liked: ReadonlySet<number>;
  /** WebP previews by image URL. */
  thumbnails: ReadonlyMap<string, string>;
  /** My activity only: why each post is listed. */
  activities?: ReadonlyMap<number, TActivity>;
};

const iso = (date: Date) => date.toISOString();

/**
 * SPEC 3 Post. The author's nickname never shows an e-mail address
 * (displayName); `thumbs` follow `images` (an image without a preview stands
 * for itself); `work` only while the linked work is published.
 */
export function toPost(row: TPostRow, viewer: TPostViewer): TPost {
  const activity = viewer.activities?.get(row.id);
  return {
    id: row.id,
    content: row.content,
    images: row.images,
    thumbs: row.images.map((url) => viewer.thumbnails.get(url) ?? url),
    topic: row.topic,
    work:
      row.workId === null
        ? null
        : { id: row.workId, title: row.workTitle ?? '', cover: row.workCover?.[0] ?? '' },
    user_id: row.userId,
    nickname: displayName(row.nickname, row.email),
    avatar: row.avatar,
    like: row.likeCount,
    is_like: viewer.liked.has(row.id),
    comment_count: row.commentCount,
    CreatedAt: iso(row.createdAt),
    UpdatedAt: iso(row.updatedAt),
    activity: activity?.activity ?? null,
    activity_at: activity ? iso(activity.at) : null,
  };
}
