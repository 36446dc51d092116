import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { okList } from '../../http/envelope';
import type { BannersService } from './banners.service';

export const bannersRoutes: FastifyPluginAsyncZod<{ service: BannersService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('banners.list', {
      tags: ['banners'],
      summary: 'Carousel (type=1) or banner (type=2) items, active ones by sort',
    }),
    // A bad or missing type answers the specific message, not the generic one.
    config: { validationMessageKey: 'invalidBannerType', responseCache: {} },
    handler: async (request) => {
      const data = await service.list(request.query.type, request.locale);
      return okList(data, data.length);
    },
  });
};
