import type { THomeQuery } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { okList } from '../../http/envelope';
import { isEarlyListPage } from '../../http/response-cache';
import type { FeedService } from './feed.service';

/** SPEC 7 GET /works/home: the home feed, category filter and search. */
export const feedRoutes: FastifyPluginAsyncZod<{ service: FeedService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('feed.home', {
      tags: ['feed'],
      summary: 'Home feed: published works, by category (subtree) or search text, paged',
      description:
        'page, pageSize (default 50, at most 100); query: search text (at most 100 ' +
        'characters; Chinese and English, typo-tolerant for English); category: a category ' +
        'id, a parent covering its children; both together search inside the category. ' +
        'sort: newest (default without a search), likes, downloads, relevance (default ' +
        'with a search). A logged-in user’s first-page search joins their search history.',
    }),
    // ADR 0018: the first pages of the feed, of each category and of each
    // search from memory; a search is still recorded on every request (ADR
    // 0036) and kept from its second ask (ADR 0037), as is a deep page (ADR 0064).
    config: {
      responseCache: {
        personal: 'likes',
        // Validated before any hook that reads it (preHandler).
        perRequest: (request) =>
          service.searchRecord(request.query as THomeQuery, request.auth, request.ip),
        // Most texts are typed once, most deep pages read once: kept from their second ask.
        keepWhenRepeated: (request) =>
          Boolean((request.query as THomeQuery).query) || !isEarlyListPage(request),
      },
    },
    handler: async (request) => {
      const { data, total } = await service.home(request.query, request.auth, request.ip);
      return okList(data, total);
    },
  });
};
