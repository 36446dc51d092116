import { LIMITS, type TComment, type TCommentListResponse, type TReply } from '@layerline/contract';
import { callApi, type TRequestOptions } from '../../lib/api';

/**
 * What a comment list is about (ADR 0013): a work or a community post, with
 * its comment count until the list has answered. The same threads, limits,
 * visitor mask and deletion rights serve both; only the paths differ.
 */
export type TCommentSubjectKind = 'work' | 'post';
export type TCommentSubject = { kind: TCommentSubjectKind; id: number; comment_count: number };

/**
 * The comment endpoints of each subject: works' are SPEC 7's, posts' ours
 * under /community/ (ADR 0013).
 */
const ENDPOINTS = {
  work: { replies: 'comments.replies', remove: 'comments.delete' },
  post: { replies: 'community.replies', remove: 'community.deleteComment' },
} as const;

/**
 * Replies are fetched 6 at a time (SPEC 9: first 1, then 5 more per click):
 * each click then needs at most one request, whatever was loaded before.
 */
export const REPLY_PAGE_SIZE = LIMITS.repliesFirst + LIMITS.repliesStep;

export type TCommentPage = Omit<TCommentListResponse, 'code' | 'msg'>;

type TSubjectRef = Pick<TCommentSubject, 'kind' | 'id'>;

/**
 * GET withsub, SPEC 9 page size 10. Visitors get 2 comments and `limited`
 * (SPEC 6).
 */
export async function fetchComments(subject: TSubjectRef, page: number): Promise<TCommentPage> {
  const query = { page, pageSize: LIMITS.commentPageSize };
  const options: TRequestOptions = { redirectOnNotFound: false };
  const envelope =
    subject.kind === 'work'
      ? await callApi('comments.list', { params: { workId: subject.id }, query }, options)
      : await callApi('community.comments', { params: { postId: subject.id }, query }, options);
  const data = Array.isArray(envelope.data) ? envelope.data : [];
  return {
    data,
    total: envelope.total ?? data.length,
    comment_total: envelope.comment_total ?? envelope.total ?? data.length,
    limited: Boolean(envelope.limited),
  };
}

export type TRepliesPage = { replies: TReply[]; total: number };

/** GET sub: a thread's replies, oldest first, in data.Replies (SPEC 7). */
export async function fetchReplies(
  kind: TCommentSubjectKind,
  commentId: number,
  page: number,
): Promise<TRepliesPage> {
  const envelope = await callApi(
    ENDPOINTS[kind].replies,
    { params: { commentId }, query: { page, pageSize: REPLY_PAGE_SIZE } },
    { redirectOnNotFound: false },
  );
  return { replies: envelope.data.Replies, total: envelope.data.total ?? envelope.total ?? 0 };
}

export type TCreatedComment = { comment: TComment; commentTotal: number };

/** SPEC 3 create payload without the subject, which `createComment` names by its kind. */
export type TCommentBody = {
  content: string;
  user_id?: number | string | null;
  pre_next?: number | null;
  replyTo?: number | string | null;
};

/**
 * POST put_comment with SPEC 3's create payload (`work_id`, or `post_id` for
 * a post). Sensitive words (406) are reported by the client with the words
 * the server found.
 */
export async function createComment(
  subject: TSubjectRef,
  body: TCommentBody,
): Promise<TCreatedComment> {
  const options: TRequestOptions = { redirectOnNotFound: false };
  const envelope =
    subject.kind === 'work'
      ? await callApi('comments.put', { body: { work_id: subject.id, ...body } }, options)
      : await callApi('community.putComment', { body: { post_id: subject.id, ...body } }, options);
  return { comment: envelope.data, commentTotal: envelope.comment_total ?? 0 };
}

export type TDeleted = { id: number; count: number; comment_total: number };

/** DELETE a comment (with its replies) or a reply; data.count is how many rows went (SPEC 7). */
export async function deleteComment(kind: TCommentSubjectKind, id: number): Promise<TDeleted> {
  const envelope = await callApi(
    ENDPOINTS[kind].remove,
    { params: { id } },
    { redirectOnNotFound: false },
  );
  return envelope.data;
}
