import { ZUpdateInfoRequest, ZUserInfoResponse } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { UsersService } from './users.service';

/** SPEC 7: the logged-in user's profile. */
export const usersRoutes: FastifyPluginAsyncZod<{ service: UsersService }> = async (
  app,
  { service },
) => {
  app.get(
    '/user/getinfo',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'The logged-in user: id, e-mail (userName), nickname, avatar, points, profile',
        response: { 200: ZUserInfoResponse },
      },
    },
    async (request) => ok(await service.getInfo(authOf(request).userId)),
  );

  app.put(
    '/user/updateInfo',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Edit one’s own profile; answers the updated profile',
        body: ZUpdateInfoRequest,
        response: { 200: ZUserInfoResponse },
      },
    },
    async (request) => ok(await service.updateInfo(authOf(request).userId, request.body)),
  );
};
