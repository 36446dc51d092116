import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Code } from '@layerline/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from '../../http/error-handler';
import { fileHeadersFor, SANDBOX_CSP } from './files.mime';
import type { LocalDiskStorage } from './local-disk.storage';
import { isStorageKey } from './storage-key';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(request, reply, { code: Code.NOT_FOUND, key: 'notFound' });
}

/**
 * GET /files/<key> for files on local disk. A key names its content (SHA-256),
 * so the answer never changes: cached for a year, ETag from the hash. Only
 * well-formed keys reach the disk, which rules out traversal and listings.
 */
export const filesRoutes: FastifyPluginAsync<{ storage: LocalDiskStorage }> = async (
  app,
  { storage },
) => {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isStorageKey(key)) return notFound(request, reply);
    const filePath = storage.pathFor(key);
    const info = await stat(filePath).catch(() => undefined);
    if (!info?.isFile()) return notFound(request, reply);

    const sha256 = key.slice(3, 67);
    const headers = fileHeadersFor(path.extname(key));
    reply
      .header('cache-control', IMMUTABLE)
      .header('etag', `"${sha256}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-type', headers.contentType);
    if (headers.sandbox) reply.header('content-security-policy', SANDBOX_CSP);
    if (!headers.inline) reply.header('content-disposition', 'attachment');
    if (request.headers['if-none-match'] === `"${sha256}"`) return reply.code(304).send();
    reply.header('content-length', info.size);
    return reply.send(createReadStream(filePath));
  });
};
