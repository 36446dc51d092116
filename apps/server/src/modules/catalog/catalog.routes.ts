import {
  ZCategoryListResponse,
  ZMachineGroupListResponse,
  ZMaterialListResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okList } from '../../http/envelope';
import type { CatalogService } from './catalog.service';

/** SPEC 7 catalog calls; names follow the request's Content-Language. */
export const catalogRoutes: FastifyPluginAsyncZod<{ service: CatalogService }> = async (
  app,
  { service },
) => {
  app.get(
    // SPEC 7 spells the path 'categroy'; the client calls exactly this.
    '/categroy/all',
    {
      // ADR 0018: from memory until the catalogue changes.
      config: { responseCache: {} },
      schema: {
        tags: ['catalog'],
        summary: 'Category tree: parents by sort, each with its Children',
        response: { 200: ZCategoryListResponse },
      },
    },
    async (request) => {
      const data = await service.listCategories(request.locale);
      return okList(data, data.length);
    },
  );

  app.get(
    '/machine/machine_group',
    {
      // ADR 0018: from memory until the catalogue changes.
      config: { responseCache: {} },
      schema: {
        tags: ['catalog'],
        summary: 'Machine groups with their machines (ID, name)',
        response: { 200: ZMachineGroupListResponse },
      },
    },
    async (request) => {
      const data = await service.listMachineGroups(request.locale);
      return okList(data, data.length);
    },
  );

  app.get(
    '/material/list',
    {
      // ADR 0018: from memory until the catalogue changes.
      config: { responseCache: {} },
      schema: {
        tags: ['catalog'],
        summary: 'Materials',
        response: { 200: ZMaterialListResponse },
      },
    },
    async (request) => {
      const data = await service.listMaterials(request.locale);
      return okList(data, data.length);
    },
  );
};
