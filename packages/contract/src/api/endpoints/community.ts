import {
  ZCommentIdParam,
  ZCommentListResponse,
  ZCommentPageQuery,
  ZCreateCommentResponse,
  ZDeleteCommentResponse,
  ZRepliesResponse,
} from '../../schemas/comments';
import { ZIdParam } from '../../schemas/common';
import {
  ZCommunityTabParam,
  ZCreatePostCommentRequest,
  ZDeletePostResponse,
  ZPostIdParam,
  ZPostListResponse,
  ZPostPageQuery,
  ZPostRequest,
  ZPostResponse,
  ZPostSearchQuery,
  ZPostUserParam,
} from '../../schemas/community';
import { ZLikeResponse } from '../../schemas/social';
import type { TEndpointTable } from './types';

/** The schemas of the `community.*` routes of ../routes. */
export const communityEndpoints = {
  'community.create': { body: ZPostRequest, response: ZPostResponse },
  'community.get': { params: ZPostIdParam, response: ZPostResponse },
  'community.update': { params: ZPostIdParam, body: ZPostRequest, response: ZPostResponse },
  'community.delete': { params: ZPostIdParam, response: ZDeletePostResponse },
  'community.like': { params: ZPostIdParam, response: ZLikeResponse },
  'community.unlike': { params: ZPostIdParam, response: ZLikeResponse },
  'community.feed': {
    params: ZCommunityTabParam,
    query: ZPostPageQuery,
    response: ZPostListResponse,
  },
  'community.userPosts': {
    params: ZPostUserParam,
    query: ZPostPageQuery,
    response: ZPostListResponse,
  },
  'community.search': { query: ZPostSearchQuery, response: ZPostListResponse },
  'community.putComment': { body: ZCreatePostCommentRequest, response: ZCreateCommentResponse },
  'community.comments': {
    params: ZPostIdParam,
    query: ZCommentPageQuery,
    response: ZCommentListResponse,
  },
  'community.replies': {
    params: ZCommentIdParam,
    query: ZCommentPageQuery,
    response: ZRepliesResponse,
  },
  'community.deleteComment': { params: ZIdParam, response: ZDeleteCommentResponse },
} as const satisfies TEndpointTable<'community'>;
