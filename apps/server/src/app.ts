import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { API_PREFIX } from '@layerline/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerHttp } from './compose/http';
import { createInfra, type TBuildAppOptions } from './compose/infra';
import { registerMetrics } from './compose/metrics';
import type { TModule } from './compose/module';
import { registerCompression } from './http/compression';
import { enforceContractRoutes } from './http/endpoint';
import { createNotFoundHandler, errorHandler } from './http/error-handler';
import { homeAnswers, pageAnswers } from './http/home-answers';
import { keepAnswers } from './http/kept-answers';
import { registerLocale } from './http/locale';
import { safeValidatorCompiler } from './http/validator';
import { registerWebApp } from './http/web-app';
import { createLogger } from './logger';
import { adminModule } from './modules/admin';
import { type AiJobQueue, aiModule } from './modules/ai';
import { appealsModule } from './modules/appeals';
import { authModule } from './modules/auth';
import { bannersModule } from './modules/banners';
import { catalogModule } from './modules/catalog';
import { collectionsModule } from './modules/collections';
import { commentsModule } from './modules/comments';
import { communityModule } from './modules/community';
import { feedModule } from './modules/feed';
import { feedbackModule } from './modules/feedback';
import { filesModule } from './modules/files';
import { moderationModule } from './modules/moderation';
import { notificationsModule } from './modules/notifications';
import { pointsModule } from './modules/points';
import { searchModule } from './modules/search';
import { socialModule } from './modules/social';
import { usersModule } from './modules/users';
import { worksModule } from './modules/works';

export type TApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type { TBuildAppOptions } from './compose/infra';

declare module 'fastify' {
  interface FastifyInstance {
    /** The AI job queue (ADR 0012); main.ts's in-process workers run jobs from it. */
    aiQueue: AiJobQueue;
  }
}

/**
 * Builds the Fastify app without starting it: tests drive it with
 * `app.inject` and may add routes before `ready()`. It only composes (ADR
 * 0048): the infrastructure, then each module (DESIGN 1: one folder per
 * domain) from it and from the services of the modules built before it,
 * then every module's plugin under /api/v1.
 */
export async function buildApp(options: TBuildAppOptions): Promise<TApp> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.logger ?? createLogger(config),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLocale(app);
  app.setErrorHandler(errorHandler);
  const infra = await createInfra(app, options);
  // DESIGN 2 metrics (ADR 0055): before any route, so every answer is timed.
  const metrics = registerMetrics(app, infra);
  const auth = authModule(infra, { limits: options.authLimits });
  const { admission } = await registerHttp(app, infra, auth.tokens);

  const notifications = notificationsModule(infra, { auth });
  const social = socialModule(infra, { notifications });
  const points = pointsModule(infra);
  const moderation = await moderationModule(infra, { notifications, points });
  // ADR 0018, 0044: every answer kept in memory, dropped by what each write changes, on every instance.
  const kept = keepAnswers(app, {
    enabled: config.responseCache,
    db: infra.db,
    databaseKind: infra.database.kind,
    clock: infra.clock,
    events: infra.events,
    likedAmong: (userId, ids) => social.state.likedAmong(userId, ids),
    readerOfWork: (userId, work) => social.state.viewerOfWork(userId, work),
    log: app.log,
  });
  registerCompression(app);
  const catalog = catalogModule(infra);
  const search = searchModule(infra, { moderation, catalog });
  const files = filesModule(infra, { coverRenderMs: options.coverRenderMs });
  const works = worksModule(infra, { points, social, search, files, moderation });
  const ai = aiModule(infra, { ...options.ai, moderation, auth, files });
  app.decorate('aiQueue', ai.queue);
  metrics?.watch({ kept, uploadPool: files.uploadPool, aiQueue: ai.queue, admission });
  const banners = bannersModule(infra);
  const comments = commentsModule(infra, {
    moderation,
    notifications,
    limit: options.commentLimit,
  });
  const community = communityModule(infra, { moderation, notifications, files, search, points });
  // The order their routes are registered in, under /api/v1.
  const modules: TModule[] = [
    catalog,
    banners,
    collectionsModule(infra, { social }),
    auth,
    usersModule(infra, { points, files, social }),
    points,
    ai,
    files,
    feedModule(infra, { search, social, kept }),
    search,
    works,
    moderation,
    appealsModule(infra),
    adminModule(infra, { moderation, community, comments, auth }),
    social,
    comments,
    feedbackModule(infra, { moderation, files }),
    community,
    notifications,
  ];
  await app.register(
    async (api) => {
      // ADR 0021: every API route comes from the contract's endpoint table.
      enforceContractRoutes(api);
      for (const module of modules) await api.register(module.plugin);
    },
    { prefix: API_PREFIX },
  );
  // GET /files/<key> on local disk, outside /api/v1.
  if (files.serve) await app.register(files.serve);
  const webFallback = await registerWebApp(app, {
    distDir: config.webDistDir,
    productTitle: config.productTitle,
    publicUrl: config.publicUrl,
    shareInfo: (id) => works.service.shareInfo(id),
    homeHero: () => banners.service.firstCarouselImage(),
    homeAnswers: (locale, extra) => homeAnswers(app, locale, extra),
    pageAnswers: (locale, urls) => pageAnswers(app, locale, urls),
  });
  app.setNotFoundHandler(createNotFoundHandler(webFallback));
  return app;
}
