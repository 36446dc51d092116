import multipart, { type MultipartFile } from '@fastify/multipart';
import { Code, LIMITS, type TUploadResult, UPLOAD_RULES } from '@layerline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, requireAuth } from '../../kernel/request-auth';
import { isUploadKind, MAX_UPLOAD_BYTES, type UploadService } from './upload.service';

const fieldValue = (field: unknown): unknown =>
  field && typeof field === 'object' && 'value' in field ? field.value : undefined;

const fileRequired = () => new AppError(Code.BAD_REQUEST, 'fileRequired');
const kindInvalid = () => new AppError(Code.BAD_REQUEST, 'uploadKindInvalid');

/**
 * The one file of a single-file upload, in the multipart field `file`, cut
 * off by the parser at `fileSize`; 400 `fileRequired` for any other body
 * (a file in another field is drained first, so the answer can be sent).
 */
export async function filePart(request: FastifyRequest, fileSize: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file({ limits: { fileSize } });
  if (part?.fieldname !== 'file' || !part.filename) {
    part?.file.resume();
    throw fileRequired();
  }
  return part;
}

/**
 * The multipart parser's own failures (no or wrong boundary, a body cut off,
 * a malformed part header) are bad input, not server faults: a 400 in the
 * envelope instead of a 500 (SPEC 8). Errors we raised, and the parser's
 * 4xx answers (too large, too many parts), pass through as they are.
 */
const MULTIPART_FAILURE =
  /^(multipart: |unexpected end of (form|multipart)|malformed part header|part terminated|boundary not found)/i;
export function asUploadError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: number }).statusCode;
  if (status !== undefined && status >= 400 && status < 500) return error;
  const message = error instanceof Error ? error.message : '';
  if (
    MULTIPART_FAILURE.test(message) ||
    (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE'
  ) {
    return new AppError(Code.BAD_REQUEST, 'malformedUpload');
  }
  return error;
}

/** The parser's own cut-off: the kind's limit when the query names it, the largest otherwise. */
const partLimit = (kind: unknown) =>
  isUploadKind(kind) ? UPLOAD_RULES[kind].maxBytes : MAX_UPLOAD_BYTES;

const KIND_NOTE =
  '`kind` (query, or a form field before the file): avatar (JPG/PNG/GIF, 2 MB), cover and ai ' +
  '(JPG/PNG/GIF/WebP, 10 MB, re-encoded, with a WebP thumbnail), feedback (image, 5 MB), ' +
  'instruction (PDF, 50 MB), design (STL, 3MF, OBJ, STEP, G-code, SVG, DXF, PDF, PNG, JPG, ZIP, ' +
  'LightBurn, xTool; 200 MB). Without `kind` the content decides it: images follow the cover ' +
  'rules, PDFs the instruction rules, everything else the design rules. The content decides ' +
  'the type; executables are refused.';

/**
 * SPEC 7 uploads, DESIGN 3: one file in `file` on /resource/upload and
 * /upload_resource, many in `files` on /batch_upload. Login required.
 */
export const uploadRoutes: FastifyPluginAsyncZod<{ service: UploadService }> = async (
  app,
  { service },
) => {
  // Registered here, so only the upload routes parse multipart bodies.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 40, fieldSize: 1024 },
  });

  const single = async (request: FastifyRequest<{ Querystring: { kind?: string } }>) => {
    try {
      return await receiveOne(request);
    } catch (error) {
      throw asUploadError(error);
    }
  };

  const receiveOne = async (request: FastifyRequest<{ Querystring: { kind?: string } }>) => {
    const queryKind = request.query.kind;
    const part = await filePart(request, partLimit(queryKind));
    const kind = queryKind ?? fieldValue(part.fields.kind);
    // SPEC 7 names no kind: without one, the content decides it (UploadService.receive).
    if (kind !== undefined && !isUploadKind(kind)) {
      part.file.resume();
      throw kindInvalid();
    }
    return ok(await service.receive(authOf(request).userId, kind, part.file, part.filename));
  };

  for (const name of ['files.upload', 'files.uploadAlias'] as const) {
    app.route({
      ...endpoint(name, {
        tags: ['files'],
        summary: 'Upload one file (multipart field `file`)',
        description: KIND_NOTE,
        consumes: ['multipart/form-data'],
      }),
      onRequest: requireAuth,
      handler: single,
    });
  }

  app.route({
    ...endpoint('files.batchUpload', {
      tags: ['files'],
      summary: `Upload up to ${LIMITS.batchUploadMaxFiles} files of one kind (multipart field \`files\`)`,
      description: KIND_NOTE,
      consumes: ['multipart/form-data'],
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      if (!request.isMultipart()) throw fileRequired();
      const { userId } = authOf(request);
      let kind: unknown = request.query.kind;
      const results: TUploadResult[] = [];
      const parts = request.parts({
        limits: { fileSize: partLimit(kind), files: LIMITS.batchUploadMaxFiles },
      });
      try {
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.fieldname === 'kind' && kind === undefined) kind = part.value;
            continue;
          }
          if (part.fieldname !== 'files' || !part.filename) {
            part.file.resume();
            continue;
          }
          if (kind !== undefined && !isUploadKind(kind)) {
            part.file.resume();
            throw kindInvalid();
          }
          results.push(await service.receive(userId, kind, part.file, part.filename));
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_FILES_LIMIT') {
          throw new AppError(Code.PAYLOAD_TOO_LARGE, 'tooManyFiles', {
            max: LIMITS.batchUploadMaxFiles,
          });
        }
        throw asUploadError(error);
      }
      if (results.length === 0) throw fileRequired();
      return ok(results);
    },
  });
};
