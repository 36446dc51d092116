import { message } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import type { SearchService } from './search.service';

/** SPEC 7 search history and hot searches; ours: guessed searches. */
export const searchRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('search.history', {
      tags: ['search'],
      summary: 'The caller’s search history: {id, words}, newest first, at most 20',
      description:
        'Every first-page search of /works/home by a logged-in user is recorded; the same ' +
        'text again (any letter case) moves to the top instead of repeating.',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.history(authOf(request).userId)),
  });

  app.route({
    ...endpoint('search.deleteHistory', {
      tags: ['search'],
      summary: 'Delete one of the caller’s search records (ids: [id]), or all of them (ids: [])',
      description: 'msg is the localised success text to show (SPEC 8).',
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      const { count, messageKey } = await service.deleteRecords(
        authOf(request).userId,
        request.body.ids,
      );
      return ok({ count }, { msg: message(request.locale, messageKey) });
    },
  });

  app.route({
    ...endpoint('search.hot', {
      tags: ['search'],
      summary: 'Hot searches: the 10 most searched texts of the last 7 days, by everybody',
    }),
    handler: async () => ok(await service.hot()),
  });

  app.route({
    ...endpoint('search.guess', {
      tags: ['search'],
      summary: 'Ours: guessed searches for the empty box (popular tags, then category names)',
    }),
    handler: async (request) => ok(await service.guess(request.locale)),
  });
};
