import multipart from '@fastify/multipart';
import { Code, UPLOAD_RULES, ZUploadQuery, ZUploadResponse } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { requireAuth } from '../auth/auth.guard';
import { fileTooLarge, isUploadKind, MAX_UPLOAD_BYTES, type UploadService } from './upload.service';

const fieldValue = (field: unknown): unknown =>
  field && typeof field === 'object' && 'value' in field ? field.value : undefined;

/**
 * POST /api/v1/resource/upload (SPEC 7, DESIGN 3): one multipart file in
 * `file`, and `kind` in the query or as a form field sent before the file.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ service: UploadService }> = async (
  app,
  { service },
) => {
  // Registered here, so only the upload routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 20, fieldSize: 1024 },
  });

  app.post(
    '/resource/upload',
    {
      onRequest: requireAuth,
      schema: {
        tags: ['files'],
        summary: 'Upload one file (field `file`) of a kind (`kind`: avatar)',
        consumes: ['multipart/form-data'],
        querystring: ZUploadQuery,
        response: { 200: ZUploadResponse },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(Code.BAD_REQUEST, 'fileRequired');
      const queryKind = request.query.kind;
      const limit = isUploadKind(queryKind) ? UPLOAD_RULES[queryKind].maxBytes : MAX_UPLOAD_BYTES;
      const part = await request.file({ limits: { fileSize: limit } });
      if (part?.fieldname !== 'file') {
        throw new AppError(Code.BAD_REQUEST, 'fileRequired');
      }
      const kind = queryKind ?? fieldValue(part.fields.kind);
      if (!isUploadKind(kind)) {
        part.file.resume();
        throw new AppError(Code.BAD_REQUEST, 'uploadKindInvalid');
      }
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fileTooLarge(UPLOAD_RULES[kind].maxBytes);
        }
        throw error;
      }
      return ok(await service.store(kind, data, part.filename));
    },
  );
};
