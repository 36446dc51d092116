import {
  ZAuthorCardResponse,
  ZAuthorWorksQuery,
  ZCreateWorkRequest,
  ZDeleteWorkResponse,
  ZDownloadQuery,
  ZIdParam,
  ZUpdateWorkRequest,
  ZWorkDetailResponse,
  ZWorkListQuery,
  ZWorkListResponse,
} from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition';
import { ok, okList } from '../../http/envelope';
import { authOf, requireActive, requireAuth } from '../auth/auth.guard';
import { SANDBOX_CSP } from '../files/files.mime';
import { withRejectionText } from './works.mapper';
import type { WorksService } from './works.service';
import type { WorksDownloadService } from './works-download.service';

/** The publish form is JSON; its guide may be long (LIMITS.guideMaxLength characters). */
const FORM_BODY_LIMIT = 1024 * 1024;

/** SPEC 7 Works paths. */
export const worksRoutes: FastifyPluginAsyncZod<{
  service: WorksService;
  downloads: WorksDownloadService;
}> = async (app, { service, downloads }) => {
  app.post(
    '/works/create',
    {
      onRequest: requireActive,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['works'],
        summary: 'Publish a work (SPEC 3 publish form, SPEC 5 rules); answers the detail',
        description:
          'REVIEW_MODE=auto publishes at once after the automatic checks; manual keeps it in review. ' +
          'Sensitive words answer 406 with data.words.',
        body: ZCreateWorkRequest,
        response: { 200: ZWorkDetailResponse },
      },
    },
    async (request) => ok(await service.create(authOf(request), request.body, request.locale)),
  );

  app.put(
    '/works/update',
    {
      onRequest: requireActive,
      bodyLimit: FORM_BODY_LIMIT,
      schema: {
        tags: ['works'],
        summary: 'Edit one’s own work: the whole form again with its id',
        body: ZUpdateWorkRequest,
        response: { 200: ZWorkDetailResponse },
      },
    },
    async (request) => ok(await service.update(authOf(request), request.body, request.locale)),
  );

  app.get(
    '/works',
    {
      schema: {
        tags: ['works'],
        summary: 'Published works, newest first; mine=1 (login): one’s own works in every state',
        querystring: ZWorkListQuery,
        response: { 200: ZWorkListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.list(request.query, request.auth);
      return okList(withRejectionText(data, request.locale), total);
    },
  );

  app.get(
    '/works/:id',
    {
      // ADR 0018: a visitor's detail from memory (visitors only ever see published works).
      config: { responseCache: {} },
      schema: {
        tags: ['works'],
        summary: 'Work detail; a work not yet published is visible to its owner (and moderators)',
        params: ZIdParam,
        response: { 200: ZWorkDetailResponse },
      },
    },
    async (request) => ok(await service.get(request.params.id, request.auth, request.locale)),
  );

  app.delete(
    '/works/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['works'],
        summary: 'Delete one’s own work (soft delete)',
        params: ZIdParam,
        response: { 200: ZDeleteWorkResponse },
      },
    },
    async (request) => ok(await service.remove(request.params.id, authOf(request))),
  );

  app.get(
    '/works/author/:id',
    {
      schema: {
        tags: ['works'],
        summary: 'Author card: profile, stats and the latest 3 published works (userWorks)',
        params: ZIdParam,
        response: { 200: ZAuthorCardResponse },
      },
    },
    async (request) => ok(await service.authorCard(request.params.id, request.auth)),
  );

  app.get(
    '/works/author/all/:id',
    {
      schema: {
        tags: ['works'],
        summary: 'An author’s published works, newest first; the author sees every state',
        params: ZIdParam,
        querystring: ZAuthorWorksQuery,
        response: { 200: ZWorkListResponse },
      },
    },
    async (request) => {
      const { data, total } = await service.authorWorks(
        request.params.id,
        request.query,
        request.auth,
      );
      return okList(withRejectionText(data, request.locale), total);
    },
  );

  app.get(
    '/works/download/:id',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['works'],
        summary: 'Download a project file (?file=index) or all files as a ZIP; login required',
        description:
          'Answers the file itself (no envelope) with a UTF-8 file name in Content-Disposition. ' +
          'A user’s downloads of a work count once per day.',
        params: ZIdParam,
        querystring: ZDownloadQuery,
      },
    },
    async (request, reply) => {
      const download = await downloads.download(
        request.params.id,
        authOf(request),
        request.query.file,
      );
      return reply
        .header('content-disposition', attachmentDisposition(download.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX_CSP)
        .type(download.mime)
        .send(download.stream);
    },
  );
};
