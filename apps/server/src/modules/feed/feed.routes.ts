import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { okList } from '../../http/envelope';
import { isEarlyListPage } from '../../http/response-cache';
import { tidySearchText } from '../search/search-text';
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
    // ADR 0018: the first pages of the feed and of each category from memory;
    // searches keep their pages in FeedService instead (history is recorded per request).
    config: {
      responseCache: {
        when: (request) =>
          isEarlyListPage(request) &&
          !tidySearchText((request.query as { query?: string }).query ?? ''),
        personal: 'likes',
      },
    },
    handler: async (request) => {
      const { data, total } = await service.home(request.query, request.auth, request.ip);
      return okList(data, total);
    },
  });
};
