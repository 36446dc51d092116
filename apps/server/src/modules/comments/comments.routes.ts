import {
  ZCommentIdParam,
  ZCommentListResponse,
  ZCommentPageQuery,
  ZCreateCommentRequest,
  ZCreateCommentResponse,
  ZDeleteCommentResponse,
  ZIdParam,
  ZRepliesResponse,
  ZWorkIdParam,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { CommentsService } from './comments.service';

/** SPEC 7 comment paths (SPEC 3 fields, SPEC 4 Comments, SPEC 6 rights). */
export const commentsRoutes: FastifyPluginAsyncZod<{ service: CommentsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/comment/put_comment',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['comments'],
        summary: 'Comment on a published work, or reply (pre_next = the comment or reply answered)',
        description:
          'The author is the caller (user_id is ignored). Sensitive words answer 406 with ' +
          'data.words; too many comments in a minute answer 429.',
        body: ZCreateCommentRequest,
        response: { 200: ZCreateCommentResponse },
      },
    },
    async (request) => {
      const { comment, commentTotal } = await service.create(authOf(request), request.body);
      return ok(comment, { comment_total: commentTotal });
    },
  );

  app.get(
    '/comment/work/withsub/:workId',
    {
      schema: {
        tags: ['comments'],
        summary: 'A work’s comments, newest first, each with its first reply and reply_count',
        description:
          'pageSize defaults to 10. A visitor gets the first 2 comments only, without ' +
          'replies, and limited: true (SPEC 6).',
        params: ZWorkIdParam,
        querystring: ZCommentPageQuery,
        response: { 200: ZCommentListResponse },
      },
    },
    async (request) => {
      const page = await service.list(request.params.workId, request.query, request.auth);
      return ok(page.data, {
        total: page.total,
        comment_total: page.comment_total,
        limited: page.limited,
      });
    },
  );

  app.get(
    '/comment/work/sub/:commentId',
    {
      // SPEC 6: visitors see the first 2 comments only, so no threads either.
      onRequest: requireAuth,
      schema: {
        tags: ['comments'],
        summary: 'A comment’s replies, oldest first, in data.Replies',
        params: ZCommentIdParam,
        querystring: ZCommentPageQuery,
        response: { 200: ZRepliesResponse },
      },
    },
    async (request) => {
      const page = await service.replies(request.params.commentId, request.query, authOf(request));
      return ok(page, { total: page.total });
    },
  );

  app.delete(
    '/comment/delete/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['comments'],
        summary: 'Delete a comment (with its replies) or a reply; data.count = rows removed',
        description:
          'Allowed to its author and, for a reply, to the author of the comment it is under ' +
          '(SPEC 6); moderators may delete any. Others get 403.',
        params: ZIdParam,
        response: { 200: ZDeleteCommentResponse },
      },
    },
    async (request) => ok(await service.remove(authOf(request), request.params.id)),
  );
};
