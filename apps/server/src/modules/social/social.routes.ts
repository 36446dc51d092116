import {
  ZFavorListParams,
  ZFavorListQuery,
  ZFavorResponse,
  ZFollowResponse,
  ZIdParam,
  ZLikedListQuery,
  ZLikeResponse,
  ZWorkListResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth } from '../auth/auth.guard';
import type { SocialService } from './social.service';

const IDEMPOTENT =
  'Idempotent: repeating it changes nothing and answers the same state. ' +
  'Only published works (404 otherwise).';

const FOLLOW_IDEMPOTENT = 'Idempotent. Answers the follow state and the user’s counts.';

/** What every on/off toggle shares: one id in the path, the new state answered. */
const toggleSchema = <R extends ZodType>(summary: string, description: string, response: R) => ({
  tags: ['social'],
  summary,
  description,
  params: ZIdParam,
  response: { 200: response },
});

/** SPEC 7 like, favor and follow paths (SPEC 4 Social actions). */
export const socialRoutes: FastifyPluginAsyncZod<{ service: SocialService }> = async (
  app,
  { service },
) => {
  app.put(
    '/works/like/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema('Like a work', IDEMPOTENT, ZLikeResponse),
    },
    async (request) => ok(await service.like(authOf(request), request.params.id)),
  );

  app.delete(
    '/works/like/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema(
        'Unlike a work (its like notification goes too)',
        IDEMPOTENT,
        ZLikeResponse,
      ),
    },
    async (request) => ok(await service.unlike(authOf(request), request.params.id)),
  );

  app.get(
    '/works/like',
    {
      schema: {
        tags: ['social'],
        summary: 'The caller’s liked works, latest like first; with uid, another user’s',
        description:
          'Without uid (or with the caller’s own): login required (401). With another ' +
          'user’s uid: listed only when that user made their likes public (updateInfo ' +
          'likesPublic), 403 likesPrivate otherwise, 404 for no such user.',
        querystring: ZLikedListQuery,
        response: { 200: ZWorkListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.likedWorks(request.auth, request.query);
      return okList(data, total);
    },
  );

  app.post(
    '/favor/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema('Collect a work', IDEMPOTENT, ZFavorResponse),
    },
    async (request) => ok(await service.favor(authOf(request), request.params.id)),
  );

  app.delete(
    '/favor/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema('Uncollect a work', IDEMPOTENT, ZFavorResponse),
    },
    async (request) => ok(await service.unfavor(authOf(request), request.params.id)),
  );

  app.get(
    '/favor/:uid',
    {
      schema: {
        tags: ['social'],
        summary: 'Works a user collected, latest first (published ones)',
        params: ZFavorListParams,
        querystring: ZFavorListQuery,
        response: { 200: ZWorkListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.favorites(
        request.params.uid,
        request.query,
        request.auth,
      );
      return okList(data, total);
    },
  );

  app.post(
    '/follow/user/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema('Follow a user (not oneself: 400)', FOLLOW_IDEMPOTENT, ZFollowResponse),
    },
    async (request) => ok(await service.follow(authOf(request), request.params.id)),
  );

  app.delete(
    '/follow/user/:id',
    {
      onRequest: requireAuth,
      schema: toggleSchema('Unfollow a user', FOLLOW_IDEMPOTENT, ZFollowResponse),
    },
    async (request) => ok(await service.unfollow(authOf(request), request.params.id)),
  );
};
