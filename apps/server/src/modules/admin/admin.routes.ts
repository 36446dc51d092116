import {
  rejectionText,
  ZAdminAppealListResponse,
  ZAdminAppealQuery,
  ZAdminCommentListResponse,
  ZAdminContentQuery,
  ZAdminDeleteQuery,
  ZAdminDeleteResponse,
  ZAdminFeedbackListResponse,
  ZAdminFeedbackQuery,
  ZAdminFeedbackResponse,
  ZAdminPostListResponse,
  ZAdminReportListResponse,
  ZAdminReportQuery,
  ZAdminReportResponse,
  ZAdminSummaryResponse,
  ZAdminUserDetailResponse,
  ZAdminUserListResponse,
  ZAdminUserQuery,
  ZAdminUserResponse,
  ZAuditListResponse,
  ZAuditQuery,
  ZFeedbackStatusRequest,
  ZIdParam,
  ZReportCreatedResponse,
  ZReportRequest,
  ZReportStatusRequest,
  ZRoleRequest,
  ZSensitiveWordsRequest,
  ZSensitiveWordsResponse,
  ZSuspendRequest,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, okList } from '../../http/envelope';
import { authOf, requireAuth, requireRole } from '../auth/auth.guard';
import type { CommentsService } from '../comments/comments.service';
import type { CommunityService } from '../community/community.service';
import type { AuditLog } from '../moderation/audit-log';
import type { SensitiveWordsService } from '../moderation/sensitive-words.service';
import type { AdminService } from './admin.service';
import type { AdminQueuesService } from './admin-queues.service';

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
};

export const adminRoutes: FastifyPluginAsyncZod<TAdminRoutesOptions> = async (app, options) => {
  app.post(
    '/report',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['moderation'],
        summary: 'Report a work, post or comment to the moderators, with a reason',
        description:
          'One open report per reporter and item (400 reportExists); 20 reports an hour (429).',
        body: ZReportRequest,
        response: { 200: ZReportCreatedResponse },
      },
    },
    async (request) => ok(await options.service.report(authOf(request), request.body)),
  );

  await app.register(consoleRoutes, options);
};

/**
 * /admin/...: every route is a moderator's (401 for visitors, 403 `forbidden`
 * for users), checked once here before anything else; admins' own routes add
 * the `admin` check.
 */
const consoleRoutes: FastifyPluginAsyncZod<TAdminRoutesOptions> = async (
  app,
  { service, queues, words, audit, community, comments },
) => {
  app.addHook('onRequest', requireRole('moderator'));
  const admin = requireRole('admin');
  const tags = ['admin'];

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Users whose e-mail or nickname holds ?query (all without), newest first',
        querystring: ZAdminUserQuery,
        response: { 200: ZAdminUserListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.listUsers(request.query);
      return okList(data, total);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      schema: {
        tags,
        summary: 'One user: profile, suspension, counts, recent works and posts, points ledger',
        params: ZIdParam,
        response: { 200: ZAdminUserDetailResponse },
      },
    },
    async (request) => ok(await service.user(request.params.id)),
  );

  app.put(
    '/admin/users/:id/role',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Change a user’s role (admins only; never one’s own)',
        params: ZIdParam,
        body: ZRoleRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) =>
      ok(await service.setRole(authOf(request), request.params.id, request.body.role)),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      schema: {
        tags,
        summary: 'Suspend a user with a reason: they can read but not publish, post or comment',
        description:
          'Nobody suspends themselves or an admin; moderators cannot suspend moderators (403).',
        params: ZIdParam,
        body: ZSuspendRequest,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) =>
      ok(await service.setSuspension(authOf(request), request.params.id, request.body.reason)),
  );

  app.post(
    '/admin/users/:id/unsuspend',
    {
      schema: {
        tags,
        summary: 'Lift a user’s suspension (same rules as suspending)',
        params: ZIdParam,
        response: { 200: ZAdminUserResponse },
      },
    },
    async (request) => ok(await service.setSuspension(authOf(request), request.params.id, null)),
  );

  app.get(
    '/admin/reports',
    {
      schema: {
        tags,
        summary: 'Reports in one state (default open), newest first, with open counts per kind',
        querystring: ZAdminReportQuery,
        response: { 200: ZAdminReportListResponse },
      },
    },
    async (request) => {
      const { data, total, counts } = await service.listReports(request.query);
      return ok(data, { total, counts });
    },
  );

  app.put(
    '/admin/reports/:id',
    {
      schema: {
        tags,
        summary: 'Resolve or dismiss an open report (audited); a closed one is answered as it is',
        params: ZIdParam,
        body: ZReportStatusRequest,
        response: { 200: ZAdminReportResponse },
      },
    },
    async (request) =>
      ok(
        await service.closeReport(
          authOf(request),
          request.params.id,
          request.body.status,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        tags,
        summary: 'The moderation audit log, newest first; ?item_kind and ?item_id for one item',
        querystring: ZAuditQuery,
        response: { 200: ZAuditListResponse },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/admin/summary',
    {
      schema: {
        tags,
        summary: 'Queue counts: works in review, open appeals, open reports, open feedback',
        response: { 200: ZAdminSummaryResponse },
      },
    },
    async () => ok(await queues.summary()),
  );

  app.get(
    '/admin/feedback',
    {
      schema: {
        tags,
        summary: 'The feedback inbox (?status open, answered or closed), newest first, with counts',
        querystring: ZAdminFeedbackQuery,
        response: { 200: ZAdminFeedbackListResponse },
      },
    },
    async (request) => {
      const { data, total, counts } = await queues.listFeedback(request.query);
      return ok(data, { total, counts });
    },
  );

  app.put(
    '/admin/feedback/:id',
    {
      schema: {
        tags,
        summary: 'Mark feedback open, answered or closed (audited)',
        params: ZIdParam,
        body: ZFeedbackStatusRequest,
        response: { 200: ZAdminFeedbackResponse },
      },
    },
    async (request) =>
      ok(await queues.setFeedbackStatus(authOf(request), request.params.id, request.body.status)),
  );

  app.get(
    '/admin/appeals',
    {
      schema: {
        tags,
        summary:
          'Appeals (default open, oldest first) with the rejection appealed and the work now',
        querystring: ZAdminAppealQuery,
        response: { 200: ZAdminAppealListResponse },
      },
    },
    async (request) => {
      const { data, total } = await queues.listAppeals(request.query);
      return okList(
        data.map((appeal) => ({
          ...appeal,
          rejection_reason: rejectionText(appeal.rejection_reason, request.locale),
        })),
        total,
      );
    },
  );

  app.get(
    '/admin/sensitive-words',
    {
      schema: {
        tags,
        summary: 'The console’s sensitive words, beside the built-in and file words',
        response: { 200: ZSensitiveWordsResponse },
      },
    },
    async () => ok(await words.get()),
  );

  app.put(
    '/admin/sensitive-words',
    {
      onRequest: admin,
      schema: {
        tags,
        summary: 'Replace the console’s sensitive words (admins only); every instance reloads',
        body: ZSensitiveWordsRequest,
        response: { 200: ZSensitiveWordsResponse },
      },
    },
    async (request) => ok(await words.replace(authOf(request), request.body.words)),
  );

  app.get(
    '/admin/posts',
    {
      schema: {
        tags,
        summary: 'Recent community posts, newest first (?user_id for one author)',
        querystring: ZAdminContentQuery,
        response: { 200: ZAdminPostListResponse },
      },
    },
    async (request) => {
      const { data, total } = await queues.listPosts(request.query);
      return okList(data, total);
    },
  );

  app.delete(
    '/admin/posts/:id',
    {
      schema: {
        tags,
        summary: 'Delete a post (?reason for the audit log), as DELETE /community/post/{postId}',
        params: ZIdParam,
        querystring: ZAdminDeleteQuery,
        response: { 200: ZAdminDeleteResponse },
      },
    },
    async (request) =>
      ok(await community.remove(authOf(request), request.params.id, request.query.reason)),
  );

  app.get(
    '/admin/comments',
    {
      schema: {
        tags,
        summary: 'Recent comments and replies on works and posts, newest first (?user_id)',
        querystring: ZAdminContentQuery,
        response: { 200: ZAdminCommentListResponse },
      },
    },
    async (request) => {
      const { data, total } = await queues.listComments(request.query);
      return okList(data, total);
    },
  );

  app.delete(
    '/admin/comments/:id',
    {
      schema: {
        tags,
        summary: 'Delete a comment and its replies (?reason for the audit log)',
        params: ZIdParam,
        querystring: ZAdminDeleteQuery,
        response: { 200: ZAdminDeleteResponse },
      },
    },
    async (request) => {
      const { id } = await comments.remove(
        authOf(request),
        request.params.id,
        undefined,
        request.query.reason,
      );
      return ok({ id });
    },
  );
};
