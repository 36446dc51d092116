import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/content-disposition';
import { endpoint } from '../../http/endpoint';
import { ok, okList } from '../../http/envelope';
import { authOf, requireActive, requireAuth } from '../../kernel/request-auth';
import { SANDBOX_CSP } from '../files';
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
  app.route({
    ...endpoint('works.create', {
      tags: ['works'],
      summary: 'Publish a work (SPEC 3 publish form, SPEC 5 rules); answers the detail',
      description:
        'REVIEW_MODE=auto publishes at once after the automatic checks; manual keeps it in review. ' +
        'Sensitive words answer 406 with data.words.',
    }),
    onRequest: requireActive,
    bodyLimit: FORM_BODY_LIMIT,
    handler: async (request) =>
      ok(await service.create(authOf(request), request.body, request.locale)),
  });

  app.route({
    ...endpoint('works.update', {
      tags: ['works'],
      summary: 'Edit one’s own work: the whole form again with its id',
    }),
    onRequest: requireActive,
    bodyLimit: FORM_BODY_LIMIT,
    handler: async (request) =>
      ok(await service.update(authOf(request), request.body, request.locale)),
  });

  app.route({
    ...endpoint('works.list', {
      tags: ['works'],
      summary: 'Published works, newest first; mine=1 (login): one’s own works in every state',
    }),
    handler: async (request) => {
      const { data, total } = await service.list(request.query, request.auth);
      return okList(withRejectionText(data, request.locale), total);
    },
  });

  app.route({
    ...endpoint('works.detail', {
      tags: ['works'],
      summary: 'Work detail; a work not yet published is visible to its owner (and moderators)',
    }),
    // ADR 0018: a visitor's detail from memory (visitors only ever see published works);
    // a signed-in reader's is the kept one with their own flags (ADR 0065).
    config: { responseCache: { personal: 'detail' } },
    handler: async (request) =>
      ok(await service.get(request.params.id, request.auth, request.locale)),
  });

  app.route({
    ...endpoint('works.delete', {
      tags: ['works'],
      summary: 'Delete one’s own work (soft delete)',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(await service.remove(request.params.id, authOf(request))),
  });

  app.route({
    ...endpoint('works.author', {
      tags: ['works'],
      summary: 'Author card: profile, stats and the latest 3 published works (userWorks)',
    }),
    handler: async (request) => ok(await service.authorCard(request.params.id, request.auth)),
  });

  app.route({
    ...endpoint('works.authorWorks', {
      tags: ['works'],
      summary: 'An author’s published works, newest first; the author sees every state',
    }),
    handler: async (request) => {
      const { data, total } = await service.authorWorks(
        request.params.id,
        request.query,
        request.auth,
      );
      return okList(withRejectionText(data, request.locale), total);
    },
  });

  app.route({
    ...endpoint('works.download', {
      tags: ['works'],
      summary: 'Download a project file (?file=index) or all files as a ZIP; login required',
      description:
        'Answers the file itself (no envelope) with a UTF-8 file name in Content-Disposition. ' +
        'A user’s downloads of a work count once per day.',
    }),
    onRequest: requireAuth,
    handler: async (request, reply) => {
      const download = await downloads.download(
        request.params.id,
        authOf(request),
        request.query.file,
      );
      // A count that moved drops what shows it (http/freshness COUNTING_READS, ADR 0044).
      request.figureMoved = download.counted;
      return reply
        .header('content-disposition', attachmentDisposition(download.filename))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', SANDBOX_CSP)
        .type(download.mime)
        .send(download.stream);
    },
  });
};
