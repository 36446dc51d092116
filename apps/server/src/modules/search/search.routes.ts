import {
  message,
  ZDeleteSearchRecordRequest,
  ZDeleteSearchRecordResponse,
  ZSearchRecordListResponse,
  ZSearchWordsResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { SearchService } from './search.service';

/** SPEC 7 search history and hot searches; ours: guessed searches. */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (
  app,
  { service },
) => {
  app.get(
    '/works/search_record',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['search'],
        summary: 'The caller’s search history: {id, words}, newest first, at most 20',
        description:
          'Every first-page search of /works/home by a logged-in user is recorded; the same ' +
          'text again (any letter case) moves to the top instead of repeating.',
        response: { 200: ZSearchRecordListResponse },
      },
    },
    async (request) => ok(await service.history(authOf(request).userId)),
  );

  app.delete(
    '/works/delete_search_record',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['search'],
        summary: 'Delete one of the caller’s search records (ids: [id]), or all of them (ids: [])',
        description: 'msg is the localised success text to show (SPEC 8).',
        body: ZDeleteSearchRecordRequest,
        response: { 200: ZDeleteSearchRecordResponse },
      },
    },
    async (request) => {
      const { count, messageKey } = await service.deleteRecords(
        authOf(request).userId,
        request.body.ids,
      );
      return ok({ count }, { msg: message(request.locale, messageKey) });
    },
  );

  app.get(
    '/works/search/hot',
    {
      schema: {
        tags: ['search'],
        summary: 'Hot searches: the 10 most searched texts of the last 7 days, by everybody',
        response: { 200: ZSearchWordsResponse },
      },
    },
    async () => ok(await service.hot()),
  );

  app.get(
    '/works/search/guess',
    {
      schema: {
        tags: ['search'],
        summary: 'Ours: guessed searches for the empty box (popular tags, then category names)',
        response: { 200: ZSearchWordsResponse },
      },
    },
    async (request) => ok(await service.guess(request.locale)),
  );
};
