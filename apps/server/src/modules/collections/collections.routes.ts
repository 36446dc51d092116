import {
  ZCollectionInfoResponse,
  ZCollectionListResponse,
  ZCollectionWorksQuery,
  ZIdParam,
  ZWorkListResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../http/envelope';
import { isEarlyListPage } from '../../http/response-cache';
import type { CollectionsService } from './collections.service';

/** SPEC 7 collection paths. */
export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/collection/getAllCollection',
    {
      config: { responseCache: {} },
      schema: {
        tags: ['collections'],
        summary: 'All collections with their count of published works and up to 4 cover images',
        response: { 200: ZCollectionListResponse },
      },
    },
    async (request) => {
      const data = await service.listAll(request.locale);
      return okList(data, data.length);
    },
  );

  app.get(
    '/collection/getCollectionInfo/:id',
    {
      config: { responseCache: {} },
      schema: {
        tags: ['collections'],
        summary: 'One collection: title, description, count and up to 4 cover images',
        params: ZIdParam,
        response: { 200: ZCollectionInfoResponse },
      },
    },
    async (request) => ok(await service.info(request.params.id, request.locale)),
  );

  app.get(
    '/collection/getWorks/:id',
    {
      // ADR 0018: first pages from memory, a signed-in reader's is_like merged in.
      config: { responseCache: { when: isEarlyListPage, personal: 'likes' } },
      schema: {
        tags: ['collections'],
        summary: 'The published works of one collection as cards, in collection order, paged',
        params: ZIdParam,
        querystring: ZCollectionWorksQuery,
        response: { 200: ZWorkListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.works(request.params.id, request.query, request.auth);
      return okList(data, total);
    },
  );
};
