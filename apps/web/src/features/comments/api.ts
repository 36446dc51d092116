import {
  LIMITS,
  type TComment,
  type TCommentListResponse,
  type TCreateCommentInput,
  type TReply,
} from '@layerline/contract';
import { apiClient } from '../../lib/api';

/** SPEC 7 comment paths. */
export const COMMENT_PATHS = {
  create: '/api/v1/comment/put_comment',
  list: (workId: number) => `/api/v1/comment/work/withsub/${workId}`,
  replies: (commentId: number) => `/api/v1/comment/work/sub/${commentId}`,
  remove: (id: number) => `/api/v1/comment/delete/${id}`,
} as const;

/**
 * Replies are fetched 6 at a time (SPEC 9: first 1, then 5 more per click):
 * each click then needs at most one request, whatever was loaded before.
 */
export const REPLY_PAGE_SIZE = LIMITS.repliesFirst + LIMITS.repliesStep;

export type TCommentPage = Omit<TCommentListResponse, 'code' | 'msg'>;

/**
 * GET withsub, SPEC 9 page size 10. Never from the GET cache: comments move
 * with every post. Visitors get 2 comments and `limited` (SPEC 6).
 */
export async function fetchComments(workId: number, page: number): Promise<TCommentPage> {
  const envelope = (await apiClient.get<TComment[]>(COMMENT_PATHS.list(workId), {
    query: { page, pageSize: LIMITS.commentPageSize },
    cache: false,
    redirectOnNotFound: false,
  })) as unknown as TCommentListResponse;
  return {
    data: envelope.data,
    total: envelope.total ?? envelope.data.length,
    comment_total: envelope.comment_total ?? envelope.total ?? envelope.data.length,
    limited: Boolean(envelope.limited),
  };
}

export type TRepliesPage = { replies: TReply[]; total: number };

/** GET sub: a thread's replies, oldest first, in data.Replies (SPEC 7). */
export async function fetchReplies(commentId: number, page: number): Promise<TRepliesPage> {
  const envelope = await apiClient.get<{ Replies: TReply[]; total: number }>(
    COMMENT_PATHS.replies(commentId),
    {
      query: { page, pageSize: REPLY_PAGE_SIZE },
      cache: false,
      redirectOnNotFound: false,
    },
  );
  return { replies: envelope.data.Replies, total: envelope.data.total ?? envelope.total ?? 0 };
}

export type TCreatedComment = { comment: TComment; commentTotal: number };

/**
 * POST put_comment with SPEC 3's create payload. Sensitive words (406) are
 * reported by the client with the words the server found.
 */
export async function createComment(body: TCreateCommentInput): Promise<TCreatedComment> {
  const envelope = await apiClient.post<TComment>(COMMENT_PATHS.create, body, {
    redirectOnNotFound: false,
  });
  return { comment: envelope.data, commentTotal: envelope.comment_total ?? 0 };
}

export type TDeleted = { id: number; count: number; comment_total: number };

/** DELETE a comment (with its replies) or a reply; data.count is how many rows went (SPEC 7). */
export async function deleteComment(id: number): Promise<TDeleted> {
  const envelope = await apiClient.del<TDeleted>(COMMENT_PATHS.remove(id), {
    redirectOnNotFound: false,
  });
  return envelope.data;
}
