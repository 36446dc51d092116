import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { TConfig } from './config';
import { createDatabase, type TDatabase, type TDatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { createNotFoundHandler, errorHandler } from './http/error-handler';
import { registerLocale } from './http/locale';
import { registerOpenApi } from './http/openapi';
import { registerRateLimit } from './http/rate-limit';
import { registerWebApp } from './http/web-app';
import { createLogger } from './logger';
import { BannersRepository } from './modules/banners/banners.repository';
import { bannersRoutes } from './modules/banners/banners.routes';
import { BannersService } from './modules/banners/banners.service';
import { CatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { CatalogService } from './modules/catalog/catalog.service';
import { CollectionsRepository } from './modules/collections/collections.repository';
import { collectionsRoutes } from './modules/collections/collections.routes';
import { CollectionsService } from './modules/collections/collections.service';
import { filesRoutes } from './modules/files/files.routes';
import { LocalDiskStorage } from './modules/files/local-disk.storage';
import type { FileStorage } from './modules/files/storage';
import { healthRoutes } from './modules/health/health.routes';

export type TApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type TBuildAppOptions = {
  config: TConfig;
  /** Created (and migrated, and closed with the app) from config when absent. */
  database?: TDatabaseHandle;
  /** Local disk under DATA_DIR/files when absent. */
  storage?: FileStorage;
  logger?: FastifyBaseLogger;
};

/** What every module's wiring gets: side effects behind interfaces (DESIGN 1). */
export type TAppDeps = {
  config: TConfig;
  db: TDatabase;
  database: TDatabaseHandle;
  storage: FileStorage;
};

/** DESIGN 1: one folder per domain; each is wired here, under /api/v1. */
async function registerApi(app: TApp, deps: TAppDeps): Promise<void> {
  const { db } = deps;
  const catalog = new CatalogService(new CatalogRepository(db));
  const banners = new BannersService(new BannersRepository(db));
  const collections = new CollectionsService(new CollectionsRepository(db));
  await app.register(
    async (api) => {
      await api.register(catalogRoutes, { service: catalog });
      await api.register(bannersRoutes, { service: banners });
      await api.register(collectionsRoutes, { service: collections });
    },
    { prefix: '/api/v1' },
  );
}

/**
 * Builds the Fastify app without starting it: tests drive it with
 * `app.inject` and may add routes before `ready()`.
 */
export async function buildApp(options: TBuildAppOptions): Promise<TApp> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLocale(app);
  app.setErrorHandler(errorHandler);

  let database = options.database;
  if (!database) {
    const created = await createDatabase({
      url: config.databaseUrl,
      dataDir: path.join(config.dataDir, 'db'),
      onError: (error) => app.log.error({ err: error }, 'database connection error'),
    });
    database = created;
    app.addHook('onClose', () => created.close());
    await runMigrations(created);
  }
  const storage = options.storage ?? new LocalDiskStorage(path.join(config.dataDir, 'files'));
  const deps: TAppDeps = { config, db: database.db, database, storage };

  await registerRateLimit(app, { redisUrl: config.redisUrl });
  await registerOpenApi(app, { title: config.productTitle, publicUrl: config.publicUrl });

  await app.register(healthRoutes, { ping: database.ping });
  await registerApi(app, deps);
  if (storage instanceof LocalDiskStorage) {
    await app.register(filesRoutes, { storage });
  }
  const webFallback = await registerWebApp(app, {
    distDir: config.webDistDir,
    productTitle: config.productTitle,
  });
  app.setNotFoundHandler(createNotFoundHandler(webFallback));
  return app;
}
