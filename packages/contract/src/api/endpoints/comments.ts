import {
  ZCommentIdParam,
  ZCommentListResponse,
  ZCommentPageQuery,
  ZCreateCommentRequest,
  ZCreateCommentResponse,
  ZDeleteCommentResponse,
  ZRepliesResponse,
  ZWorkIdParam,
} from '../../schemas/comments';
import { ZIdParam } from '../../schemas/common';
import type { TEndpointTable } from './types';

/** The schemas of the `comments.*` routes of ../routes. */
export const commentsEndpoints = {
  'comments.put': { body: ZCreateCommentRequest, response: ZCreateCommentResponse },
  'comments.list': {
    params: ZWorkIdParam,
    query: ZCommentPageQuery,
    response: ZCommentListResponse,
  },
  'comments.replies': {
    params: ZCommentIdParam,
    query: ZCommentPageQuery,
    response: ZRepliesResponse,
  },
  'comments.delete': { params: ZIdParam, response: ZDeleteCommentResponse },
} as const satisfies TEndpointTable<'comments'>;
