import { ZCollectionListResponse } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../http/envelope';
import type { CollectionsService } from './collections.service';

export const collectionsRoutes: FastifyPluginAsyncZod<{ service: CollectionsService }> = async (
  app,
  { service },
) => {
  app.get(
    '/collection/getAllCollection',
    {
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
};
