import { ZAppealRequest, ZAppealResponse } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { AppealsService } from './appeals.service';

/** SPEC 7 POST /api/v1/work/appeal/submit. */
export const appealsRoutes: FastifyPluginAsyncZod<{ service: AppealsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/work/appeal/submit',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['works'],
        summary: 'Appeal the rejection of one’s own work; it goes back to review',
        body: ZAppealRequest,
        response: { 200: ZAppealResponse },
      },
    },
    async (request) => ok(await service.submit(authOf(request), request.body)),
  );
};
