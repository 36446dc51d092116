import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireActive, requireAuth } from '../../kernel/request-auth';
import type { CommunityService } from './community.service';

const TAGS = ['community'];

const FORM_RULES =
  'SPEC 5: content required, at most 1000 characters; at most 9 images, each one of the ' +
  'caller’s uploads with kind=post (400 otherwise); work_id one of the caller’s published ' +
  'works (400 otherwise); topic at most 20 characters, a leading # dropped. Sensitive words ' +
  'in content or topic answer 406 with data.words.';

const LIKE_RULES =
  'Idempotent: repeating it changes nothing and answers the same state. The post’s author ' +
  'is notified of a like (kind liked); unliking takes that notification back. 404 when the ' +
  'post does not exist.';

/**
 * Community posts ("Model talk", SPEC 1, 2, 3 Post, 5, 6; ADR 0013). The
 * paths are ours (SPEC 7 does not show them); all contain /community/, so the
 * client's 200ms de-dup window applies. Comments on posts live in the
 * comments module under /community/comment/.
 */
export const communityRoutes: FastifyPluginAsyncZod<{ service: CommunityService }> = async (
  app,
  { service },
) => {
  app.route({
    ...endpoint('community.create', {
      tags: TAGS,
      summary: 'Publish a post: text, up to 9 images, optionally a topic and one’s own work',
      description: `${FORM_RULES} At most 10 new posts an hour per user (429 beyond).`,
    }),
    onRequest: requireActive,
    handler: async (request) => ok(await service.create(authOf(request), request.body)),
  });

  app.route({
    ...endpoint('community.get', {
      tags: TAGS,
      summary: 'One post, with the viewer’s is_like (false for visitors)',
    }),
    handler: async (request) => ok(await service.get(request.params.postId, request.auth)),
  });

  app.route({
    ...endpoint('community.update', {
      tags: TAGS,
      summary: 'Edit one’s own post: the whole form again (others: 403)',
      description: `${FORM_RULES} Images already on the post may stay.`,
    }),
    onRequest: requireActive,
    handler: async (request) =>
      ok(await service.update(authOf(request), request.params.postId, request.body)),
  });

  app.route({
    ...endpoint('community.delete', {
      tags: TAGS,
      summary: 'Delete a post: its author, or a moderator or admin (others: 403)',
      description: 'Deleted for good, with its comments, likes and notifications.',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.remove(authOf(request), request.params.postId)),
  });

  app.route({
    ...endpoint('community.like', {
      tags: TAGS,
      summary: 'Like a post',
      description: LIKE_RULES,
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.like(authOf(request), request.params.postId)),
  });

  app.route({
    ...endpoint('community.unlike', {
      tags: TAGS,
      summary: 'Unlike a post (its like notification goes too)',
      description: LIKE_RULES,
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.unlike(authOf(request), request.params.postId)),
  });

  app.route({
    ...endpoint('community.feed', {
      tags: TAGS,
      summary: 'Community feeds: recommend, square (newest first) or mine (login), paged',
      description:
        'recommend: posts of the last 30 days (the newest 1000) ranked by ' +
        '(likes + 2·comments + 1) / (age in hours + 2)^1.5, three times that for people the ' +
        'viewer follows; older posts follow newest first, so every post is reachable once. ' +
        'mine: the caller’s posts and the posts they commented on, each once, by the latest ' +
        'of those, with activity (posted or commented) and activity_at; visitors get 401. ' +
        'pageSize defaults to 20.',
    }),
    handler: async (request) => {
      const { data, total } = await service.feed(request.params.tab, request.query, request.auth);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('community.userPosts', {
      tags: TAGS,
      summary: 'A maker’s posts, newest first (profile tab); 404 for an unknown user',
    }),
    handler: async (request) => {
      const { data, total } = await service.userPosts(
        request.params.uid,
        request.query,
        request.auth,
      );
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('community.search', {
      tags: TAGS,
      summary: 'Search posts by text and topic, most relevant first, then newest',
      description:
        'query: at most 100 characters, Chinese and English (the works’ search rules: ' +
        'Chinese words and character pairs, English stems, typo tolerance). Blank text ' +
        'answers an empty list.',
    }),
    handler: async (request) => {
      const { data, total } = await service.search(request.query, request.auth);
      return okList(data, total);
    },
  });
};
