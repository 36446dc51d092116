import type { TCommentPageQuery } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, requireActive, requireAuth, type TAuth } from '../../kernel/request-auth';
import type { CommentsService, TCommentInput } from './comments.service';
import type { TSubject, TSubjectKind } from './comments.subjects';

/**
 * SPEC 7 comment paths (SPEC 3 fields, SPEC 4 Comments, SPEC 6 rights) for
 * works, and ours for community posts under /community/comment/ (ADR 0013:
 * the same rules and shapes; /community/ keeps SPEC 7's 200ms de-dup).
 */
export const commentsRoutes: FastifyPluginAsyncZod<{ service: CommentsService }> = async (
  app,
  { service },
) => {
  // The handlers both subjects share (ADR 0013: one code path); the routes differ in path and schema.
  const create = async (viewer: TAuth, subject: TSubject, input: TCommentInput) => {
    const { comment, commentTotal } = await service.create(viewer, subject, input);
    return ok(comment, { comment_total: commentTotal });
  };
  const list = async (subject: TSubject, query: TCommentPageQuery, viewer: TAuth | null) => {
    const page = await service.list(subject, query, viewer);
    return ok(page.data, {
      total: page.total,
      comment_total: page.comment_total,
      limited: page.limited,
    });
  };
  const replies = async (
    kind: TSubjectKind,
    commentId: number,
    query: TCommentPageQuery,
    viewer: TAuth,
  ) => {
    const page = await service.replies(kind, commentId, query, viewer);
    return ok(page, { total: page.total });
  };

  app.route({
    ...endpoint('comments.put', {
      tags: ['comments'],
      summary: 'Comment on a published work, or reply (pre_next = the comment or reply answered)',
      description:
        'The author is the caller (user_id is ignored). Sensitive words answer 406 with ' +
        'data.words; too many comments in a minute answer 429.',
    }),
    onRequest: requireActive,
    handler: async (request) => {
      const { work_id: id, ...input } = request.body;
      return create(authOf(request), { kind: 'work', id }, input);
    },
  });

  app.route({
    ...endpoint('comments.list', {
      tags: ['comments'],
      summary: 'A work’s comments, newest first, each with its first reply and reply_count',
      description:
        'pageSize defaults to 10. A visitor gets the first 2 comments only, without ' +
        'replies, and limited: true (SPEC 6).',
    }),
    handler: async (request) =>
      list({ kind: 'work', id: request.params.workId }, request.query, request.auth),
  });

  app.route({
    ...endpoint('comments.replies', {
      tags: ['comments'],
      summary: 'A work comment’s replies, oldest first, in data.Replies',
      description: 'A post’s comment answers 404 here: use /community/comment/sub.',
    }),
    // SPEC 6: visitors see the first 2 comments only, so no threads either.
    onRequest: requireAuth,
    handler: async (request) =>
      replies('work', request.params.commentId, request.query, authOf(request)),
  });

  app.route({
    ...endpoint('comments.delete', {
      tags: ['comments'],
      summary: 'Delete a comment (with its replies) or a reply; data.count = rows removed',
      description:
        'Allowed to its author and, for a reply, to the author of the comment it is under ' +
        '(SPEC 6); moderators may delete any. Others get 403. Ids are global, so this ' +
        'deletes a post’s comment too.',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.remove(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint('community.putComment', {
      tags: ['community'],
      summary: 'Comment on a community post, or reply (pre_next = the comment or reply answered)',
      description:
        'As /comment/put_comment with post_id for work_id; comment_total is the post’s. ' +
        'Sensitive words answer 406 with data.words; too many comments in a minute ' +
        '(works and posts together) answer 429.',
    }),
    onRequest: requireActive,
    handler: async (request) => {
      const { post_id: id, ...input } = request.body;
      return create(authOf(request), { kind: 'post', id }, input);
    },
  });

  app.route({
    ...endpoint('community.comments', {
      tags: ['community'],
      summary: 'A post’s comments, newest first, each with its first reply and reply_count',
      description:
        'pageSize defaults to 10. A visitor gets the first 2 comments only, without ' +
        'replies, and limited: true (SPEC 6).',
    }),
    handler: async (request) =>
      list({ kind: 'post', id: request.params.postId }, request.query, request.auth),
  });

  app.route({
    ...endpoint('community.replies', {
      tags: ['community'],
      summary: 'A post comment’s replies, oldest first, in data.Replies',
      description: 'A work’s comment answers 404 here.',
    }),
    // SPEC 6: visitors see the first 2 comments only, so no threads either.
    onRequest: requireAuth,
    handler: async (request) =>
      replies('post', request.params.commentId, request.query, authOf(request)),
  });

  app.route({
    ...endpoint('community.deleteComment', {
      tags: ['community'],
      summary: 'Delete a post’s comment (with its replies) or reply; data.count = rows removed',
      description:
        'Same rights as /comment/delete (SPEC 6): its author, for a reply the author of ' +
        'the comment it is under, moderators any; others get 403. A work’s comment answers 404.',
    }),
    onRequest: requireAuth,
    handler: async (request) =>
      ok(await service.remove(authOf(request), request.params.id, 'post')),
  });
};
