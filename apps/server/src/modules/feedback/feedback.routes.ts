import multipart from '@fastify/multipart';
import { LIMITS, message } from '@layerline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { asUploadError, filePart } from '../files';
import type { FeedbackService, TFeedbackSender } from './feedback.service';

const senderOf = (request: FastifyRequest): TFeedbackSender => ({
  auth: request.auth,
  ip: request.ip,
  locale: request.locale,
});

/**
 * SPEC 7 POST /api/v1/suggestion/submit, and the feedback image upload whose
 * path SPEC 7 does not show (ours: /api/v1/suggestion/upload). Both are open
 * to visitors (rate limited by address), and record the user when logged in.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ service: FeedbackService }> = async (
  app,
  { service },
) => {
  // Registered here, so in this module only the upload parses multipart bodies.
  await app.register(multipart, {
    limits: {
      fileSize: LIMITS.feedbackImageMaxBytes,
      files: 1,
      fields: 10,
      parts: 20,
      fieldSize: 1024,
    },
  });

  app.route({
    ...endpoint('feedback.submit', {
      tags: ['feedback'],
      summary: 'Send feedback: a suggestion, an optional contact and up to 9 uploaded images',
      description:
        `Open to visitors (${LIMITS.feedbackPerHourVisitor} per hour per address) and users ` +
        `(${LIMITS.feedbackPerHourUser} per hour). \`picture\` holds ` +
        'addresses answered by /api/v1/suggestion/upload to the same sender. msg is the ' +
        'localised thanks to show (SPEC 8).',
    }),
    handler: async (request) =>
      ok(await service.submit(senderOf(request), request.body), {
        msg: message(request.locale, 'feedbackThanks'),
      }),
  });

  app.route({
    ...endpoint('feedback.upload', {
      tags: ['feedback'],
      summary: 'Upload one feedback image (multipart field `file`); data is its address',
      description:
        'JPG, PNG, GIF or WebP judged by the content, at most 5 MB. Open to visitors ' +
        `(${LIMITS.feedbackUploadsPerHourVisitor} per hour per address); a user's count ` +
        'with their other uploads.',
      consumes: ['multipart/form-data'],
    }),
    handler: async (request) => {
      try {
        const part = await filePart(request, LIMITS.feedbackImageMaxBytes);
        return ok(await service.upload(senderOf(request), part.file, part.filename));
      } catch (error) {
        throw asUploadError(error);
      }
    },
  });
};
