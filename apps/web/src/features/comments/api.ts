import { LIMITS, type TComment, type TCommentListResponse, type TReply } from '@layerline/contract';
import { apiClient } from '../../lib/api';

/**
 * What a comment list is about (ADR 0013): a work or a community post, with
 * its comment count until the list has answered. The same threads, limits,
 * visitor mask and deletion rights serve both; only the paths differ.
 */
export type TCommentSubjectKind = 'work' | 'post';
export type TCommentSubject = { kind: TCommentSubjectKind; id: number; comment_count: number };

type TCommentPaths = {
  create: string;
  list: (subjectId: number) => string;
  replies: (commentId: number) => string;
  remove: (id: number) => string;
};

/** SPEC 7 comment paths of works; the post paths live under /community/ (ADR 0013). */
export const COMMENT_PATHS = {
  create: '/api/v1/comment/put_comment',
  list: (workId: number) => `/api/v1/comment/work/withsub/${workId}`,
  replies: (commentId: number) => `/api/v1/comment/work/sub/${commentId}`,
  remove: (id: number) => `/api/v1/comment/delete/${id}`,
} as const satisfies TCommentPaths;

export const POST_COMMENT_PATHS = {
  create: '/api/v1/community/comment/put_comment',
  list: (postId: number) => `/api/v1/community/comment/post/withsub/${postId}`,
  replies: (commentId: number) => `/api/v1/community/comment/sub/${commentId}`,
  remove: (id: number) => `/api/v1/community/comment/delete/${id}`,
} as const satisfies TCommentPaths;

const PATHS_OF: Record<TCommentSubjectKind, TCommentPaths> = {
  work: COMMENT_PATHS,
  post: POST_COMMENT_PATHS,
};

/**
 * Replies are fetched 6 at a time (SPEC 9: first 1, then 5 more per click):
 * each click then needs at most one request, whatever was loaded before.
 */
export const REPLY_PAGE_SIZE = LIMITS.repliesFirst + LIMITS.repliesStep;

export type TCommentPage = Omit<TCommentListResponse, 'code' | 'msg'>;

type TSubjectRef = Pick<TCommentSubject, 'kind' | 'id'>;

/**
 * GET withsub, SPEC 9 page size 10. Never from the GET cache: comments move
 * with every post. Visitors get 2 comments and `limited` (SPEC 6).
 */
export async function fetchComments(subject: TSubjectRef, page: number): Promise<TCommentPage> {
  const path = PATHS_OF[subject.kind].list(subject.id);
  const envelope = (await apiClient.get<TComment[]>(path, {
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
export async function fetchReplies(
  kind: TCommentSubjectKind,
  commentId: number,
  page: number,
): Promise<TRepliesPage> {
  const envelope = await apiClient.get<{ Replies: TReply[]; total: number }>(
    PATHS_OF[kind].replies(commentId),
    {
      query: { page, pageSize: REPLY_PAGE_SIZE },
      cache: false,
      redirectOnNotFound: false,
    },
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
  const key = subject.kind === 'work' ? 'work_id' : 'post_id';
  const envelope = await apiClient.post<TComment>(
    PATHS_OF[subject.kind].create,
    { [key]: subject.id, ...body },
    { redirectOnNotFound: false },
  );
  return { comment: envelope.data, commentTotal: envelope.comment_total ?? 0 };
}

export type TDeleted = { id: number; count: number; comment_total: number };

/** DELETE a comment (with its replies) or a reply; data.count is how many rows went (SPEC 7). */
export async function deleteComment(kind: TCommentSubjectKind, id: number): Promise<TDeleted> {
  const envelope = await apiClient.del<TDeleted>(PATHS_OF[kind].remove(id), {
    redirectOnNotFound: false,
  });
  return envelope.data;
}
