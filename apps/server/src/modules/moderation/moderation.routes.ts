import { rejectionText } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireRole } from '../../kernel/request-auth';
import type { ModerationService } from './moderation.service';

/** Ours (DESIGN 3): the review queue, for moderators and admins. */
export const moderationRoutes: FastifyPluginAsyncZod<{ service: ModerationService }> = async (
  app,
  { service },
) => {
  const onRequest = requireRole('moderator');

  app.route({
    ...endpoint('moderation.works', {
      tags: ['moderation'],
      summary: 'Works in one review state (default in_review), oldest change first',
    }),
    onRequest,
    handler: async (request) => {
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
  });

  app.route({
    ...endpoint('moderation.approve', {
      tags: ['moderation'],
      summary: 'Publish a work',
    }),
    onRequest,
    handler: async (request) => ok(await service.approve(request.params.id, authOf(request))),
  });

  app.route({
    ...endpoint('moderation.reject', {
      tags: ['moderation'],
      summary:
        'Reject a work with a preset reason (shown in each reader’s language), a free-text one, or both; its owner sees it as rejection_reason',
    }),
    onRequest,
    handler: async (request) => {
      const decision = await service.reject(request.params.id, authOf(request), request.body);
      return ok({
        ...decision,
        rejection_reason: rejectionText(decision.rejection_reason, request.locale),
      });
    },
  });
};
