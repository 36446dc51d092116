import { z } from 'zod';
import { COMMUNITY_TABS, LIMITS } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { ZCommentContent } from './comments';
import { MAX_ID, ZId, ZPageQuery } from './common';
import { ZSearchText } from './discovery';

/**
 * Community ("Model talk", SPEC 1, 2, 3 Post, 5, 7). Paths are ours (SPEC 7
 * does not show them); every one contains /community/ so the client's 200ms
 * de-dup window applies (SPEC 7, 9). ADR 0013 records how posts share
 * comments, likes and notifications with works.
 */

/** SPEC 5: post text required ('Please enter post content, text is required'), at most 1000 characters. */
export const ZPostContent = z
  .string({ error: 'postContentRequired' })
  .trim()
  .min(1, { error: 'postContentRequired' })
  .max(LIMITS.postMaxLength, { error: 'postContentTooLong' });

/**
 * POST /api/v1/community/post and PUT /api/v1/community/post/{id}.
 * - `images`: up to 9 addresses returned by the upload endpoints with
 *   `kind=post` (the caller's own uploads), shown in this order.
 * - `work_id`: optionally one of the author's published works.
 * - `topic`: optional tag (a word or short phrase, at most 20 characters);
 *   blank means none.
 */
export const ZPostRequest = z.object({
  content: ZPostContent,
  images: z
    .array(z.string().trim().min(1).max(2048), { error: 'postImageInvalid' })
    .max(LIMITS.postMaxImages, { error: 'postImagesTooMany' })
    .default([]),
  work_id: z.coerce.number().int().min(0).max(MAX_ID).nullish(),
  topic: z
    .string()
    .trim()
    .max(LIMITS.postTopicMax, { error: 'postTopicTooLong' })
    .nullish()
    .transform((topic) => (topic ? topic.replace(/^#+/, '').trim() || null : null)),
});
export type TPostRequest = z.infer<typeof ZPostRequest>;
export type TPostInput = z.input<typeof ZPostRequest>;

/** The work a post links to, as a small card. */
export const ZPostWork = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
});

/** My activity: why an item is in the list (posted it, or commented on it). */
export const POST_ACTIVITIES = ['posted', 'commented'] as const;
export const ZPostActivity = z.enum(POST_ACTIVITIES);
export type TPostActivity = z.infer<typeof ZPostActivity>;

/**
 * SPEC 3 Post: text and images, with its author (`user_id`, `nickname`,
 * `avatar`; the nickname never shows an e-mail address), counts and the
 * viewer's like (`is_like`, false for visitors). `thumbs` are WebP previews
 * of `images` in the same order (the image itself when none was made).
 * `activity` and `activity_at` are set in my activity only.
 */
export const ZPost = z.object({
  id: z.number().int(),
  content: z.string(),
  images: z.array(z.string()),
  thumbs: z.array(z.string()),
  topic: z.string().nullable(),
  work: ZPostWork.nullable(),
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  like: z.number().int().nonnegative(),
  is_like: z.boolean(),
  comment_count: z.number().int().nonnegative(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
  activity: ZPostActivity.nullable(),
  activity_at: z.string().nullable(),
});
export type TPost = z.infer<typeof ZPost>;
export const ZPostResponse = ZEnvelope(ZPost);
export const ZPostListResponse = ZListEnvelope(ZPost);

/**
 * GET /api/v1/community/feed/{tab}: `square` newest first; `recommend`
 * ranked by recent engagement with time decay plus posts of people the
 * viewer follows, no post twice; `mine` (login required) the viewer's posts
 * and the posts they commented on, by latest activity.
 */
export const ZCommunityTab = z.enum(COMMUNITY_TABS);
export type TCommunityTab = z.infer<typeof ZCommunityTab>;
export const ZCommunityTabParam = z.object({ tab: ZCommunityTab });
export const ZPostPageQuery = ZPageQuery.extend({
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.postPageSize),
});
export type TPostPageQuery = z.infer<typeof ZPostPageQuery>;

/** GET /api/v1/community/search: posts matching `query` (SPEC 4 search rules). */
export const ZPostSearchQuery = ZPostPageQuery.extend({ query: ZSearchText });
export type TPostSearchQuery = z.infer<typeof ZPostSearchQuery>;

/** GET /api/v1/community/user/{uid}/posts: a maker's posts, newest first (profile tab). */
export const ZPostUserParam = z.object({ uid: ZId });
export const ZPostIdParam = z.object({ postId: ZId });

export const ZDeletePostResponse = ZEnvelope(z.object({ id: z.number().int() }));

/**
 * POST /api/v1/community/comment/put_comment: as SPEC 7 put_comment with
 * `post_id` in place of `work_id` (`pre_next` and `replyTo` the same).
 */
export const ZCreatePostCommentRequest = z.object({
  post_id: ZId,
  content: ZCommentContent,
  user_id: z.union([z.number(), z.string().max(64)]).nullish(),
  pre_next: z.coerce.number().int().min(0).max(MAX_ID).nullish(),
  replyTo: z.union([z.number().int().min(0).max(MAX_ID), z.string().trim().max(100)]).nullish(),
});
export type TCreatePostCommentRequest = z.infer<typeof ZCreatePostCommentRequest>;
export type TCreatePostCommentInput = z.input<typeof ZCreatePostCommentRequest>;
