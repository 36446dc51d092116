import {
  ZAiFeaturesResponse,
  ZAiJobCreateBody,
  ZAiJobDeletedResponse,
  ZAiJobIdParams,
  ZAiJobResponse,
  ZAiJobsQuery,
  ZAiJobsResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { AiJobsService } from './ai-jobs.service';

export type TAiRoutesOptions = { service: AiJobsService };

/** The AI API, our extension (SPEC 3 AI records, 4 progress, 5 input rules; ADR 0012). */
export const aiRoutes: FastifyPluginAsyncZod<TAiRoutesOptions> = async (app, { service }) => {
  app.get(
    '/ai/features',
    {
      schema: {
        tags: ['ai'],
        summary: 'AI features with their cost in points, availability and the enabling setting',
        response: { 200: ZAiFeaturesResponse },
      },
    },
    async () => ok(service.features()),
  );

  app.post(
    '/ai/jobs',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ai'],
        summary:
          'Start an AI job; its cost is charged now and refunded if it fails or is cancelled',
        description:
          "params are validated by the kind's schema. 429 beyond 2 active jobs or 30 an hour, " +
          '406 for sensitive words, 503 when no engine serves the kind (nothing is charged).',
        body: ZAiJobCreateBody,
        response: { 200: ZAiJobResponse },
      },
    },
    async (request) =>
      ok(
        await service.create(
          authOf(request).userId,
          request.body.kind,
          request.body.params,
          request.locale,
        ),
      ),
  );

  app.get(
    '/ai/jobs',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ai'],
        summary: "The caller's AI records, newest first, paged with total (SPEC 3)",
        querystring: ZAiJobsQuery,
        response: { 200: ZAiJobsResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.list(
        authOf(request).userId,
        request.query,
        request.locale,
      );
      return okList(data, total);
    },
  );

  app.get(
    '/ai/jobs/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ai'],
        summary: 'One AI job with its SPEC 4 stage and percent (polling fallback to SSE)',
        params: ZAiJobIdParams,
        response: { 200: ZAiJobResponse },
      },
    },
    async (request) =>
      ok(await service.get(authOf(request).userId, request.params.id, request.locale)),
  );

  app.post(
    '/ai/jobs/:id/cancel',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ai'],
        summary: 'Cancel an AI job (SPEC 4); refunded in full when it ends without a result',
        params: ZAiJobIdParams,
        response: { 200: ZAiJobResponse },
      },
    },
    async (request) =>
      ok(await service.cancel(authOf(request).userId, request.params.id, request.locale)),
  );

  app.delete(
    '/ai/jobs/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['ai'],
        summary: 'Delete an AI record and its result files',
        description:
          'A queued or running job is cancelled (and refunded) first. The caller keeps result ' +
          'files another of their records or works still uses; stored files that nobody ' +
          'references any more are removed after the record is deleted.',
        params: ZAiJobIdParams,
        response: { 200: ZAiJobDeletedResponse },
      },
    },
    async (request) => {
      await service.remove(authOf(request).userId, request.params.id);
      return ok(null);
    },
  );
};
