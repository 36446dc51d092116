import { rejectionText } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAiProvidersConfig } from '../../config';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth, requireRole } from '../../kernel/request-auth';
import type { CommentsService } from '../comments';
import type { CommunityService } from '../community';
import type { AuditLog, SensitiveWordsService } from '../moderation';
import type { AdminService } from './admin.service';
import type { AdminQueuesService } from './admin-queues.service';
import { checkProvider, providerStatuses } from './ai-providers.status';

/**
 * The moderation console's API: /admin/... for moderators and admins (401
 * for visitors, 403 for users; role changes are admins' only), and the
 * report action of logged-in users.
 */
type TAdminRoutesOptions = {
  service: AdminService;
  queues: AdminQueuesService;
  words: SensitiveWordsService;
  audit: AuditLog;
  community: CommunityService;
  comments: CommentsService;
  /** README "AI providers": what the console shows and probes (never the keys). */
  aiProviders: TAiProvidersConfig;
};

export const adminRoutes: FastifyPluginAsyncZod<TAdminRoutesOptions> = async (app, options) => {
  app.route({
    ...endpoint('moderation.report', {
      tags: ['moderation'],
      summary: 'Report a work, post or comment to the moderators, with a reason',
      description:
        'One open report per reporter and item (400 reportExists); 20 reports an hour (429).',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await options.service.report(authOf(request), request.body)),
  });

  await app.register(consoleRoutes, options);
};

/**
 * /admin/...: every route is a moderator's (401 for visitors, 403 `forbidden`
 * for users), checked once here before anything else; admins' own routes add
 * the `admin` check.
 */
const consoleRoutes: FastifyPluginAsyncZod<TAdminRoutesOptions> = async (
  app,
  { service, queues, words, audit, community, comments, aiProviders },
) => {
  app.addHook('onRequest', requireRole('moderator'));
  const admin = requireRole('admin');
  const tags = ['admin'];

  app.route({
    ...endpoint('admin.users', {
      tags,
      summary: 'Users whose e-mail or nickname holds ?query (all without), newest first',
    }),
    handler: async (request) => {
      const { data, total } = await service.listUsers(request.query);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('admin.user', {
      tags,
      summary: 'One user: profile, suspension, counts, recent works and posts, points ledger',
    }),
    handler: async (request) => ok(await service.user(request.params.id)),
  });

  app.route({
    ...endpoint('admin.setRole', {
      tags,
      summary: 'Change a user’s role (admins only; never one’s own)',
    }),
    onRequest: admin,
    handler: async (request) =>
      ok(await service.setRole(authOf(request), request.params.id, request.body.role)),
  });

  app.route({
    ...endpoint('admin.suspend', {
      tags,
      summary: 'Suspend a user with a reason: they can read but not publish, post or comment',
      description:
        'Nobody suspends themselves or an admin; moderators cannot suspend moderators (403). ' +
        '`days` (1, 7 or 30) ends it by itself then; without, it lasts until lifted.',
    }),
    handler: async (request) =>
      ok(
        await service.setSuspension(
          authOf(request),
          request.params.id,
          request.body.reason,
          request.body.days ?? null,
        ),
      ),
  });

  app.route({
    ...endpoint('admin.unsuspend', {
      tags,
      summary: 'Lift a user’s suspension (same rules as suspending)',
    }),
    handler: async (request) =>
      ok(await service.setSuspension(authOf(request), request.params.id, null)),
  });

  app.route({
    ...endpoint('admin.reports', {
      tags,
      summary: 'Reports in one state (default open), newest first, with open counts per kind',
    }),
    handler: async (request) => {
      const { data, total, counts } = await service.listReports(request.query);
      return ok(data, { total, counts });
    },
  });

  app.route({
    ...endpoint('admin.resolveReport', {
      tags,
      summary: 'Resolve or dismiss an open report (audited); a closed one is answered as it is',
    }),
    handler: async (request) =>
      ok(
        await service.closeReport(
          authOf(request),
          request.params.id,
          request.body.status,
          request.body.reason,
        ),
      ),
  });

  app.route({
    ...endpoint('admin.audit', {
      tags,
      summary: 'The moderation audit log, newest first; ?item_kind and ?item_id for one item',
    }),
    handler: async (request) => {
      const { item_kind, item_id, ...page } = request.query;
      const { data, total } = await audit.list({ itemKind: item_kind, itemId: item_id }, page);
      // A rejection's preset reason is kept as its code: shown in the moderator's language.
      return okList(
        data.map((entry) =>
          entry.action === 'work_reject'
            ? { ...entry, reason: rejectionText(entry.reason, request.locale) }
            : entry,
        ),
        total,
      );
    },
  });

  app.route({
    ...endpoint('admin.aiProviders', {
      tags,
      summary: 'The AI providers: which are configured, their address and variables (never keys)',
    }),
    handler: async () => ok(providerStatuses(aiProviders)),
  });

  app.route({
    ...endpoint('admin.checkAiProvider', {
      tags,
      summary: 'Ask one AI provider whether it answers (one GET, 5 s at most)',
      description:
        'notConfigured calls nothing; ok, refused (401/403: the key), failed (another status) ' +
        'or unreachable (no answer in time).',
    }),
    handler: async (request) => ok(await checkProvider(aiProviders, request.params.id)),
  });

  app.route({
    ...endpoint('admin.summary', {
      tags,
      summary: 'Queue counts: works in review, open appeals, open reports, open feedback',
    }),
    handler: async () => ok(await queues.summary()),
  });

  app.route({
    ...endpoint('admin.feedback', {
      tags,
      summary: 'The feedback inbox (?status open, answered or closed), newest first, with counts',
    }),
    handler: async (request) => {
      const { data, total, counts } = await queues.listFeedback(request.query);
      return ok(data, { total, counts });
    },
  });

  app.route({
    ...endpoint('admin.setFeedbackStatus', {
      tags,
      summary: 'Mark feedback open, answered or closed (audited)',
    }),
    handler: async (request) =>
      ok(await queues.setFeedbackStatus(authOf(request), request.params.id, request.body.status)),
  });

  app.route({
    ...endpoint('admin.appeals', {
      tags,
      summary: 'Appeals (default open, oldest first) with the rejection appealed and the work now',
    }),
    handler: async (request) => {
      const { data, total } = await queues.listAppeals(request.query);
      return okList(
        data.map((appeal) => ({
          ...appeal,
          rejection_reason: rejectionText(appeal.rejection_reason, request.locale),
        })),
        total,
      );
    },
  });

  app.route({
    ...endpoint('admin.sensitiveWords', {
      tags,
      summary: 'The console’s sensitive words, beside the built-in and file words',
    }),
    handler: async () => ok(await words.get()),
  });

  app.route({
    ...endpoint('admin.setSensitiveWords', {
      tags,
      summary: 'Replace the console’s sensitive words (admins only); every instance reloads',
    }),
    onRequest: admin,
    handler: async (request) => ok(await words.replace(authOf(request), request.body.words)),
  });

  app.route({
    ...endpoint('admin.posts', {
      tags,
      summary: 'Recent community posts, newest first (?user_id for one author)',
    }),
    handler: async (request) => {
      const { data, total } = await queues.listPosts(request.query);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('admin.deletePost', {
      tags,
      summary: 'Delete a post (?reason for the audit log), as DELETE /community/post/{postId}',
    }),
    handler: async (request) =>
      ok(await community.remove(authOf(request), request.params.id, request.query.reason)),
  });

  app.route({
    ...endpoint('admin.comments', {
      tags,
      summary: 'Recent comments and replies on works and posts, newest first (?user_id)',
    }),
    handler: async (request) => {
      const { data, total } = await queues.listComments(request.query);
      return okList(data, total);
    },
  });

  app.route({
    ...endpoint('admin.deleteComment', {
      tags,
      summary: 'Delete a comment and its replies (?reason for the audit log)',
    }),
    handler: async (request) => {
      const { id } = await comments.remove(
        authOf(request),
        request.params.id,
        undefined,
        request.query.reason,
      );
      return ok({ id });
    },
  });
};
