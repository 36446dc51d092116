import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import type { TInfra, TModule } from '../../compose/module';
import { CoverGenerator } from './cover-generator.service';
import { FileUrlSigner } from './file-url-signer';
import { FilesRepository } from './files.repository';
import { filesRoutes } from './files.routes';
import { LocalDiskStorage } from './local-disk.storage';
import { uploadRoutes } from './upload.routes';
import { UploadService } from './upload.service';
import { createUploadWorkers, type TUploadWorkers } from './upload-workers';

export type TFilesNeeds = {
  /** The time budget of a generated cover (COVER_RENDER_MS when absent). */
  coverRenderMs?: number;
};

export type TFilesModule = TModule<{
  /**
   * The uploads' records: works, avatars, posts and feedback may only name
   * their author's files. One repository for the uploads and /files/, so
   * what they record is forgotten by /files/ at once.
   */
  records: FilesRepository;
  /** Signs design-file URLs for readers allowed to see them (ADR 0009). */
  signer: FileUrlSigner;
  /** Draws a cover from a work's first design file (ADR 0005). */
  covers: CoverGenerator;
  /** Feedback images are received as every upload is. */
  uploads: UploadService;
  /** GET /files/<key> on local disk, outside /api/v1; absent with an object store. */
  serve?: FastifyPluginAsync;
  /** The upload threads' load: tasks running and waiting, against its limits (the metrics). */
  uploadPool: Pick<TUploadWorkers, 'stats' | 'limits'>;
}>;

/**
 * Uploads and stored files (ADR 0005, 0008, 0009, 0048): uploads are parsed,
 * and covers drawn, in worker threads, off the event loop.
 */
export function filesModule(
  infra: Pick<
    TInfra,
    'config' | 'db' | 'storage' | 'clock' | 'log' | 'limiter' | 'authKeys' | 'userLimits'
  >,
  needs: TFilesNeeds = {},
): TFilesModule {
  const { config, db, storage, clock, limiter } = infra;
  const files = new FilesRepository(db);
  // ADR 0009: signed /files/ URLs on local disk, presigned GETs in an object store.
  const fileSigner = new FileUrlSigner(
    createHmac('sha256', infra.authKeys.hash).update('layerline:file-url').digest(),
    clock,
    storage,
  );
  const { threads, timeoutMs, maxQueue } = config.uploadWorkers;
  const workers = createUploadWorkers({
    nice: config.workerNice,
    ...(threads ? { threads } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(maxQueue !== undefined ? { maxQueue } : {}),
  });
  const covers = new CoverGenerator({
    storage,
    files,
    clock,
    log: infra.log,
    workers,
    timeoutMs: needs.coverRenderMs,
  });
  const uploads = new UploadService({
    workers,
    storage,
    files,
    tmpDir: path.join(config.dataDir, 'tmp', 'uploads'),
    clock,
    fileSigner,
    limiter,
    limits: infra.userLimits,
  });
  return {
    records: files,
    signer: fileSigner,
    covers,
    uploads,
    uploadPool: workers,
    serve:
      storage instanceof LocalDiskStorage
        ? async (app) => {
            await app.register(filesRoutes, { storage, files, signer: fileSigner });
          }
        : undefined,
    plugin: async (api) => {
      api.addHook('onClose', () => workers.close());
      await api.register(uploadRoutes, { service: uploads });
    },
  };
}
