import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import type { UsersService } from './users.service';

/** SPEC 7: the logged-in user's profile. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('users.info', {
      tags: ['users'],
      summary: 'The logged-in user: id, e-mail (userName), nickname, avatar, points, profile',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.getInfo(authOf(request).userId)),
  });

  app.route({
    ...endpoint('users.update', {
      tags: ['users'],
      summary: 'Edit one’s own profile; answers the updated profile',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.updateInfo(authOf(request).userId, request.body)),
  });
};
