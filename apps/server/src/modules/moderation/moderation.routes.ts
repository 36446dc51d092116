import {
  rejectionText,
  ZIdParam,
  ZModerationListResponse,
  ZModerationQuery,
  ZRejectWorkRequest,
  ZReviewDecisionResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../http/envelope';
import { authOf, requireRole } from '../auth/auth.guard';
import type { ModerationService } from './moderation.service';

/** Ours (DESIGN 3): the review queue, for moderators and admins. */
export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService }> = async (
  app,
  { service },
) => {
  const onRequest = requireRole('moderator');

  app.get(
    '/moderation/works',
    {
      onRequest,
      schema: {
        tags: ['moderation'],
        summary: 'Works in one review state (default in_review), oldest change first',
        querystring: ZModerationQuery,
        response: { 200: ZModerationListResponse },
      },
    },
    async (request) => {
      const { status, ...page } = request.query;
      const { data, total } = await service.list(status, page);
      return okList(
        data.map((work) => ({
          ...work,
          rejection_reason: rejectionText(work.rejection_reason, request.locale),
        })),
        total,
      );
    },
  );

  app.post(
    '/moderation/works/:id/approve',
    {
      onRequest,
      schema: {
        tags: ['moderation'],
        summary: 'Publish a work',
        params: ZIdParam,
        response: { 200: ZReviewDecisionResponse },
      },
    },
    async (request) => ok(await service.approve(request.params.id, authOf(request))),
  );

  app.post(
    '/moderation/works/:id/reject',
    {
      onRequest,
      schema: {
        tags: ['moderation'],
        summary:
          'Reject a work with a preset reason (shown in each reader’s language), a free-text one, or both; its owner sees it as rejection_reason',
        params: ZIdParam,
        body: ZRejectWorkRequest,
        response: { 200: ZReviewDecisionResponse },
      },
    },
    async (request) => {
      const decision = await service.reject(request.params.id, authOf(request), request.body);
      return ok({
        ...decision,
        rejection_reason: rejectionText(decision.rejection_reason, request.locale),
      });
    },
  );
};
