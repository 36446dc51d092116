import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';
import { MAX_ID, ZId } from './common';

/** SPEC 5: comment and reply content is required (trimmed); ours: at most 1000 characters. */
export const ZCommentContent = z
  .string({ error: 'commentRequired' })
  .trim()
  .min(1, { error: 'commentRequired' })
  .max(LIMITS.commentMaxLength, { error: 'commentTooLong' });

/**
 * POST /api/v1/comment/put_comment (SPEC 3 create payload).
 * - `pre_next`: the comment or reply answered; 0 or absent for a comment on the work.
 *   Replies are one level deep: a reply to a reply joins the same thread.
 * - `replyTo`: the user answered (id, or the name of SPEC 5's '@name ' prefix).
 *   It counts only for someone in the thread; otherwise the author of `pre_next` is answered.
 * - `user_id`: accepted and ignored; the author is the caller.
 */
export const ZCreateCommentRequest = z.object({
  work_id: ZId,
  content: ZCommentContent,
  user_id: z.union([z.number(), z.string().max(64)]).nullish(),
  pre_next: z.coerce.number().int().min(0).max(MAX_ID).nullish(),
  replyTo: z.union([z.number().int().min(0).max(MAX_ID), z.string().trim().max(100)]).nullish(),
});
export type TCreateCommentRequest = z.infer<typeof ZCreateCommentRequest>;
export type TCreateCommentInput = z.input<typeof ZCreateCommentRequest>;

/**
 * SPEC 3 Comment and reply fields. `parent_id` is the thread's comment (null
 * for a comment), `reply_to_id` the comment or reply answered, `reply_to` the
 * display name and `reply_to_uid` the id of the user answered ('' and null on
 * a comment).
 */
export const ZReply = z.object({
  ID: z.number().int(),
  Content: z.string(),
  UserID: z.number().int(),
  NickName: z.string(),
  Avatar: z.string(),
  CreatedAt: z.string(),
  /** The subject (ADR 0013): a work's comments have `work_id` and null `post_id`; a post's the other way. */
  work_id: z.number().int().nullable(),
  post_id: z.number().int().nullable(),
  parent_id: z.number().int().nullable(),
  reply_to_id: z.number().int().nullable(),
  reply_to: z.string(),
  reply_to_uid: z.number().int().nullable(),
});
export type TReply = z.infer<typeof ZReply>;

/** A comment with its first reply (SPEC 4: replies show 1 first) and its number of replies. */
export const ZComment = ZReply.extend({
  Replies: z.array(ZReply),
  reply_count: z.number().int().nonnegative(),
});
export type TComment = z.infer<typeof ZComment>;

/** SPEC 9: comment page size 10. */
export const ZCommentPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.commentPageSize),
});
export type TCommentPageQuery = z.infer<typeof ZCommentPageQuery>;
export const ZWorkIdParam = z.object({ workId: ZId });
export const ZCommentIdParam = z.object({ commentId: ZId });

/**
 * GET /api/v1/comment/work/withsub/{workId}: comments newest first, `total`
 * comments (threads), `comment_total` comments and replies together.
 * SPEC 6: a visitor gets only the first 2 comments, without replies, and
 * `limited` true; the totals stay real so the badge is right.
 */
export const ZCommentListResponse = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.array(ZComment),
  total: z.number().int(),
  comment_total: z.number().int(),
  limited: z.boolean(),
});
export type TCommentListResponse = z.infer<typeof ZCommentListResponse>;

/** GET /api/v1/comment/work/sub/{commentId}: a thread's replies, oldest first, in data.Replies. */
export const ZRepliesPage = z.object({
  ID: z.number().int(),
  Replies: z.array(ZReply),
  total: z.number().int(),
});
export const ZRepliesResponse = ZEnvelope(ZRepliesPage).extend({ total: z.number().int() });

/** put_comment answers the new comment and the work's new `comment_total`. */
export const ZCreateCommentResponse = ZEnvelope(ZComment).extend({
  comment_total: z.number().int(),
});

/** DELETE /api/v1/comment/delete/{id}: `count` rows removed, a comment's replies included. */
export const ZDeleteCommentResult = z.object({
  id: z.number().int(),
  count: z.number().int().nonnegative(),
  comment_total: z.number().int().nonnegative(),
});
export const ZDeleteCommentResponse = ZEnvelope(ZDeleteCommentResult);
