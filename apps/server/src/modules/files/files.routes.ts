import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Code, variantWidthOf } from '@layerline/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sendFailure } from '../../http/error-handler';
import type { FileUrlSigner } from './file-url-signer';
import { EMBEDDABLE_CSP, fileHeadersFor, SANDBOX_CSP } from './files.mime';
import type { FilesRepository } from './files.repository';
import { encodeVariants } from './image-processor';
import type { LocalDiskStorage } from './local-disk.storage';
import { isPrivateKey, isStorageKey, variantParentKey } from './storage-key';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Makes the missing copy `key` names ('ab/<hash>.w320.webp') of a stored
 * public WebP: images stored before copies were made at upload (demo content
 * of an older version, earlier uploads) get theirs on first request. Only the
 * contract's widths, only of a public image that exists and decodes (a
 * private design file is never copied out); false when there is none.
 */
async function makeMissingVariant(
  storage: LocalDiskStorage,
  files: FilesRepository,
  key: string,
): Promise<boolean> {
  const width = variantWidthOf(key);
  if (!width) return false;
  const parent = variantParentKey(key);
  if (await files.privacy.isPrivate(storage.urlFor(parent))) return false;
  const source = await storage.read(parent).catch(() => undefined);
  if (!source) return false;
  const variant = (await encodeVariants(source, [width]).catch(() => []))[0];
  if (!variant) return false;
  await storage.putVariant(parent, width, variant.data);
  return true;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return sendFailure(request, reply, { code: Code.NOT_FOUND, key: 'notFound' });
}

export type TFilesRoutesOptions = {
  storage: LocalDiskStorage;
  files: FilesRepository;
  signer: FileUrlSigner;
};

/**
 * GET /files/<key> for files on local disk. A key names its content (SHA-256),
 * so the answer never changes: cached for a year, ETag from the hash. Only
 * well-formed keys reach the disk, which rules out traversal and listings.
 * Design files and instructions (ADR 0009), AI inputs and results (ADR 0051)
 * are served only with a valid signature from the work detail, an upload
 * answer or the owner's AI answers, and cached privately until it expires;
 * without one they are not found, like any unknown key.
 */
export const filesRoutes: FastifyPluginAsync<TFilesRoutesOptions> = async (
  app,
  { storage, files, signer },
) => {
  app.get('/files/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*'?: string })['*'] ?? '';
    if (!isStorageKey(key)) return notFound(request, reply);
    let cacheControl = IMMUTABLE;
    // The private area (AI inputs and results, ADR 0051) always needs a signature;
    // elsewhere the files table decides, its answer kept for a few seconds
    // (FilePrivacyCache). A signature is checked every time.
    if (isPrivateKey(key) || (await files.privacy.isPrivate(storage.urlFor(key)))) {
      const query = request.query as { expires?: unknown; sig?: unknown };
      const left = signer.remaining(key, query.expires, query.sig);
      if (left === 0) return notFound(request, reply);
      cacheControl = `private, max-age=${left}`;
    }
    const filePath = storage.pathFor(key);
    let info = await stat(filePath).catch(() => undefined);
    // A copy of an image stored before copies were made at upload: made now, once.
    if (!info && cacheControl === IMMUTABLE && (await makeMissingVariant(storage, files, key))) {
      info = await stat(filePath).catch(() => undefined);
    }
    if (!info?.isFile()) return notFound(request, reply);

    const variant = variantWidthOf(key);
    const sha256 = key.slice(3, 67);
    const etag = variant ? `"${sha256}-w${variant}"` : `"${sha256}"`;
    const headers = fileHeadersFor(path.extname(key));
    reply
      .header('cache-control', cacheControl)
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-type', headers.contentType);
    if (headers.sandbox) reply.header('content-security-policy', SANDBOX_CSP);
    if (headers.embeddable) {
      reply
        .header('content-security-policy', EMBEDDABLE_CSP)
        .header('x-frame-options', 'SAMEORIGIN');
    }
    if (!headers.inline) reply.header('content-disposition', 'attachment');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    reply.header('content-length', info.size);
    return reply.send(createReadStream(filePath));
  });
};
