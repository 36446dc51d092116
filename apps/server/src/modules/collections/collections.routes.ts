import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { isEarlyListPage } from '../../http/response-cache';
import type { CollectionsService } from './collections.service';

/** SPEC 7 collection paths. */
export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('collections.list', {
      tags: ['collections'],
      summary: 'All collections with their count of published works and up to 4 cover images',
    }),
    config: { responseCache: {} },
    handler: async (request) => {
      const data = await service.listAll(request.locale);
      return okList(data, data.length);
    },
  });

  app.route({
    ...endpoint('collections.info', {
      tags: ['collections'],
      summary: 'One collection: title, description, count and up to 4 cover images',
    }),
    config: { responseCache: {} },
    handler: async (request) => ok(await service.info(request.params.id, request.locale)),
  });

  app.route({
    ...endpoint('collections.works', {
      tags: ['collections'],
      summary: 'The published works of one collection as cards, in collection order, paged',
    }),
    // ADR 0018: first pages from memory, a signed-in reader's is_like merged in.
    config: { responseCache: { when: isEarlyListPage, personal: 'likes' } },
    handler: async (request) => {
      const { data, total } = await service.works(request.params.id, request.query, request.auth);
      return okList(data, total);
    },
  });
};
