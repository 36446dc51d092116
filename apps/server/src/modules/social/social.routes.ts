import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import type { SocialService } from './social.service';

const IDEMPOTENT =
  'Idempotent: repeating it changes nothing and answers the same state. ' +
  'Only published works (404 otherwise).';

const FOLLOW_IDEMPOTENT = 'Idempotent. Answers the follow state and the user’s counts.';

/** What every on/off toggle's docs share: the tag, its summary and description. */
const toggleDocs = (summary: string, description: string) => ({
  tags: ['social'],
  summary,
  description,
});

/** SPEC 7 like, favor and follow paths (SPEC 4 Social actions). */
export const socialRoutes: FastifyPluginAsyncZod<{ service: SocialService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('social.like', toggleDocs('Like a work', IDEMPOTENT)),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.like(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint(
      'social.unlike',
      toggleDocs('Unlike a work (its like notification goes too)', IDEMPOTENT),
    ),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.unlike(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint('social.liked', {
      tags: ['social'],
      summary: 'The caller’s liked works, latest like first; with uid, another user’s',
      description:
        'Without uid (or with the caller’s own): login required (401). With another ' +
        'user’s uid: listed only when that user made their likes public (updateInfo ' +
        'likesPublic), 403 likesPrivate otherwise, 404 for no such user.',
    }),
    handler: async (request) => {
      const { data, total } = await service.likedWorks(request.auth, request.query);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('social.favor', toggleDocs('Collect a work', IDEMPOTENT)),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.favor(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint('social.unfavor', toggleDocs('Uncollect a work', IDEMPOTENT)),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.unfavor(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint('social.favored', {
      tags: ['social'],
      summary: 'Works a user collected, latest first (published ones)',
    }),
    handler: async (request) => {
      const { data, total } = await service.favorites(
        request.params.uid,
        request.query,
        request.auth,
      );
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('social.follow', toggleDocs('Follow a user (not oneself: 400)', FOLLOW_IDEMPOTENT)),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.follow(authOf(request), request.params.id)),
  });

  app.route({
    ...endpoint('social.unfollow', toggleDocs('Unfollow a user', FOLLOW_IDEMPOTENT)),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.unfollow(authOf(request), request.params.id)),
  });
};
