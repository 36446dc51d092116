import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { okList } from '../../http/envelope';
import type { CatalogService } from './catalog.service';

/** SPEC 7 catalog calls; names follow the request's Content-Language. */
export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (
  app,
  { service },
) => {
  app.route({
    // SPEC 7 spells the path 'categroy'; the client calls exactly this.
    ...endpoint('catalog.categories', {
      tags: ['catalog'],
      summary: 'Category tree: parents by sort, each with its Children',
    }),
    // ADR 0018: from memory until the catalogue changes.
    config: { responseCache: {} },
    handler: async (request) => {
      const data = await service.listCategories(request.locale);
      return okList(data, data.length);
    },
  });

  app.route({
    ...endpoint('catalog.machineGroups', {
      tags: ['catalog'],
      summary: 'Machine groups with their machines (ID, name)',
    }),
    // ADR 0018: from memory until the catalogue changes.
    config: { responseCache: {} },
    handler: async (request) => {
      const data = await service.listMachineGroups(request.locale);
      return okList(data, data.length);
    },
  });

  app.route({
    ...endpoint('catalog.materials', {
      tags: ['catalog'],
      summary: 'Materials',
    }),
    // ADR 0018: from memory until the catalogue changes.
    config: { responseCache: {} },
    handler: async (request) => {
      const data = await service.listMaterials(request.locale);
      return okList(data, data.length);
    },
  });
};
