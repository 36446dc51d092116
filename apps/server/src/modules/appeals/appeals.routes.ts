import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import type { AppealsService } from './appeals.service';

/** SPEC 7 POST /api/v1/work/appeal/submit. */
export const appealsRoutes: FastifyPluginAsyncZod<{ service: AppealsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('works.appeal', {
      tags: ['works'],
      summary: 'Appeal the rejection of one’s own work; it goes back to review',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.submit(authOf(request), request.body)),
  });
};
