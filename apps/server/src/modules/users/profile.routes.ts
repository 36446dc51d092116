import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import type { ProfileService } from './profile.service';

/** Ours: public profiles for /userInfor/:id (SPEC 2). */
export const profileRoutes: FastifyPluginAsyncZod<{ service: ProfileService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('users.profile', {
      tags: ['users'],
      summary: 'A user’s public profile with counters (follows, fans, likes, favorites, works)',
      description:
        'likes and favorites count what the user’s published works received; points is ' +
        'null unless the caller is that user. Works: /works/author/all/{id}.',
    }),
    handler: async (request) => ok(await service.profile(request.params.id, request.auth)),
  });
};
