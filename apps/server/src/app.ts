import { createHmac } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createInfra, type TBuildAppOptions } from './compose/infra';
import type { TInfra } from './compose/module';
import { registerCompression } from './http/compression';
import { enforceContractRoutes } from './http/endpoint';
import { createNotFoundHandler, errorHandler } from './http/error-handler';
import { homeAnswers } from './http/home-answers';
import { keepAnswers } from './http/kept-answers';
import { registerLocale } from './http/locale';
import { registerOpenApi } from './http/openapi';
import { fileOriginsOf, registerSecurityHeaders } from './http/security-headers';
import { safeValidatorCompiler } from './http/validator';
import { registerWebApp } from './http/web-app';
import type { TLimit } from './lib/limiter/limiter';
import { createLogger } from './logger';
import { adminRoutes } from './modules/admin/admin.routes';
import { AdminService } from './modules/admin/admin.service';
import { AdminQueuesService } from './modules/admin/admin-queues.service';
import { createAiEngines } from './modules/ai';
import { aiRoutes } from './modules/ai/ai.routes';
import { aiJobPublisher } from './modules/ai/ai-job-events';
import { AiJobQueue } from './modules/ai/ai-jobs.queue';
import { AiJobsService } from './modules/ai/ai-jobs.service';
import { appealsModule } from './modules/appeals';
import { registerAuthGuard } from './modules/auth/auth.guard';
import { authLimits } from './modules/auth/auth.limits';
import { createAuthModule, type TAuthModule } from './modules/auth/auth.module';
import { authRoutes } from './modules/auth/auth.routes';
import { bannersModule, type TBannersModule } from './modules/banners';
import { catalogModule } from './modules/catalog';
import { collectionsModule } from './modules/collections';
import { commentsRoutes } from './modules/comments/comments.routes';
import { CommentsService } from './modules/comments/comments.service';
import { communityRoutes } from './modules/community/community.routes';
import { CommunityService } from './modules/community/community.service';
import { PostDocumentRefresher } from './modules/community/post-document';
import { feedModule } from './modules/feed';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { FeedbackService } from './modules/feedback/feedback.service';
import { FEEDBACK_PRUNE_INTERVAL_MS, VisitorUploadPruner } from './modules/feedback/feedback-prune';
import { filesModule, type TFilesModule } from './modules/files';
import { healthRoutes } from './modules/health/health.routes';
import { moderationModule } from './modules/moderation';
import { notificationsModule } from './modules/notifications';
import { pointsModule } from './modules/points';
import { searchModule } from './modules/search';
import { socialModule } from './modules/social';
import { usersModule } from './modules/users';
import { WorksRepository } from './modules/works/works.repository';
import { worksRoutes } from './modules/works/works.routes';
import { WorksService } from './modules/works/works.service';
import { WorksDownloadService } from './modules/works/works-download.service';

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

/** What every module's wiring gets: side effects behind interfaces (DESIGN 1). */
export type TAppDeps = TInfra & {
  auth: TAuthModule;
  commentLimit?: TLimit;
  /** Keys the hash kept of a feedback sender's address, so the address itself is never stored. */
  ipHashKey: Buffer;
  ai?: TBuildAppOptions['ai'];
  coverRenderMs?: number;
};

/** DESIGN 1: one folder per domain; each is wired here, under /api/v1. */
async function registerApi(
  app: TApp,
  deps: TAppDeps,
): Promise<{ works: WorksService; files: TFilesModule; banners: TBannersModule }> {
  const { db, auth, storage, clock, config, limiter, events } = deps;
  const filesM = filesModule(deps, { coverRenderMs: deps.coverRenderMs });
  const files = filesM.records;
  const notificationsM = notificationsModule(deps, { authenticator: auth.tokens });
  const notifications = notificationsM.service;
  const social = socialModule(deps, { notifications });
  const pointsM = pointsModule(deps);
  const points = pointsM.service;
  const moderation = await moderationModule(deps, { notifications, points });
  const { words, sensitiveWords } = moderation;
  const socialState = social.state;
  // ADR 0018, 0044: every answer kept in memory, dropped by what each write changes, on every instance.
  const kept = keepAnswers(app, {
    enabled: config.responseCache,
    db,
    databaseKind: deps.database.kind,
    clock,
    events,
    likedAmong: (userId, ids) => socialState.likedAmong(userId, ids),
    log: app.log,
  });
  registerCompression(app);
  const catalog = catalogModule(deps);
  const search = searchModule(deps, {
    isClean: (text) => words.find(text).length === 0,
    categoryNames: catalog.categoryNames,
  });
  const feed = feedModule(deps, {
    search: search.service,
    matcher: search.createMatcher(),
    social: socialState,
    searches: kept.searches,
    termSets: kept.termSets,
    titles: kept.titles,
  });
  const worksRepository = new WorksRepository(db);
  const works = new WorksService({
    db,
    repository: worksRepository,
    files,
    storage,
    words,
    publicUrl: config.publicUrl,
    clock,
    reviewMode: config.reviewMode,
    social: socialState,
    searchIndex: search.indexer,
    covers: filesM.covers,
    limiter,
    saveLimit: deps.userLimits.workSaves,
    fileSigner: filesM.signer,
    points,
  });
  const downloads = new WorksDownloadService({
    db,
    repository: worksRepository,
    storage,
    clock,
    limiter,
    limit: deps.userLimits.downloads,
  });
  // ADR 0012: AI jobs are queued here; workers (main.ts, npm run worker) run them.
  const aiRegistry = deps.ai?.registry ?? createAiEngines(config).registry;
  const aiQueue = new AiJobQueue(db, aiRegistry, clock, {
    allowance: { amount: config.points.dailyAllowance, timeZone: config.points.timeZone },
    // SPEC 4 progress: every change of a job reaches its live streams on every instance.
    onChange: aiJobPublisher(events, app.log),
  });
  app.decorate('aiQueue', aiQueue);
  const ai = new AiJobsService({
    db,
    queue: aiQueue,
    registry: aiRegistry,
    words,
    storage,
    onQueued: deps.ai?.onQueued,
    log: app.log,
  });
  const users = usersModule(deps, { points, files, social: socialState });
  const uploads = filesM.uploads;
  const banners = bannersModule(deps);
  const collections = collectionsModule(deps, { social: socialState });
  const comments = new CommentsService({
    db,
    clock,
    limiter: deps.limiter,
    words,
    notifications,
    limit: deps.commentLimit,
  });
  // ADR 0013: community posts; their comments are the comments module's.
  const community = new CommunityService({
    db,
    clock,
    words,
    notifications,
    files,
    storage,
    publicUrl: config.publicUrl,
    matcher: search.createMatcher(),
    limiter,
    toggleLimit: deps.userLimits.socialToggles,
    points,
  });
  app.addHook('onClose', async () => community.close());
  // Post search documents of an older tokenizer version (or none, as seeded) are rebuilt at start.
  const postDocuments = new PostDocumentRefresher(db, app.log);
  app.addHook('onReady', async () => postDocuments.start());
  // preClose: before the database handle closes in onClose.
  app.addHook('preClose', async () => {
    await postDocuments.stop();
  });
  await app.register(
    async (api) => {
      // ADR 0021: every API route comes from the contract's endpoint table.
      enforceContractRoutes(api);
      await api.register(catalog.plugin);
      await api.register(banners.plugin);
      await api.register(collections.plugin);
      await api.register(authRoutes, auth);
      await api.register(users.plugin);
      await api.register(pointsM.plugin);
      await api.register(aiRoutes, {
        service: ai,
        events,
        authenticator: auth.tokens,
        pollMs: deps.ai?.streamPollMs,
      });
      await api.register(filesM.plugin);
      await api.register(feed.plugin);
      await api.register(search.plugin);
      await api.register(worksRoutes, { service: works, downloads });
      await api.register(moderation.plugin);
      await api.register(appealsModule(deps).plugin);
      await api.register(adminRoutes, {
        service: new AdminService({ db, clock, limiter }),
        queues: new AdminQueuesService({ db, clock }),
        words: sensitiveWords,
        community,
        comments,
        audit: moderation.audit,
        aiProviders: config.aiProviders,
      });
      await api.register(social.plugin);
      await api.register(commentsRoutes, { service: comments });
      await api.register(feedbackRoutes, {
        service: new FeedbackService({
          db,
          clock,
          words,
          uploads,
          files,
          storage,
          publicUrl: config.publicUrl,
          limiter,
          ipHashKey: deps.ipHashKey,
        }),
      });
      // Visitors' feedback images never sent are deleted after a day (every instance may run it).
      const pruner = new VisitorUploadPruner({ db, storage, clock });
      const pruneFeedback = setInterval(() => {
        pruner.prune().catch((error: unknown) => {
          app.log.warn({ err: error }, 'feedback upload pruning failed');
        });
      }, FEEDBACK_PRUNE_INTERVAL_MS).unref();
      app.addHook('preClose', async () => clearInterval(pruneFeedback));
      await api.register(communityRoutes, { service: community });
      await api.register(notificationsM.plugin);
    },
    { prefix: '/api/v1' },
  );
  return { works, files: filesM, banners };
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

  app.setValidatorCompiler(safeValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerLocale(app);
  app.setErrorHandler(errorHandler);

  const infra = await createInfra(app, options);
  const { database, authKeys } = infra;
  const auth = createAuthModule({
    config,
    db: database.db,
    keys: authKeys,
    clock: infra.clock,
    limiter: infra.limiter,
    limits: authLimits(options.authLimits),
    mailer: infra.mailer,
  });
  const deps: TAppDeps = {
    ...infra,
    auth,
    commentLimit: options.commentLimit,
    ipHashKey: createHmac('sha256', authKeys.hash).update('layerline:ip-hash').digest(),
    ai: options.ai,
    coverRenderMs: options.coverRenderMs,
  };

  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    fileOrigins: fileOriginsOf(config.s3),
  });
  registerAuthGuard(app, auth.tokens);
  // ADR 0010: the API docs are opt-in in production (API_DOCS=1).
  if (config.apiDocs) {
    await registerOpenApi(app, { title: config.productTitle, publicUrl: config.publicUrl });
  }

  await app.register(healthRoutes, { ping: database.ping });
  const { works, files, banners } = await registerApi(app, deps);
  // GET /files/<key> on local disk, outside /api/v1.
  if (files.serve) await app.register(files.serve);
  const webFallback = await registerWebApp(app, {
    distDir: config.webDistDir,
    productTitle: config.productTitle,
    publicUrl: config.publicUrl,
    shareInfo: (id) => works.shareInfo(id),
    homeHero: () => banners.service.firstCarouselImage(),
    homeAnswers: (locale) => homeAnswers(app, locale),
  });
  app.setNotFoundHandler(createNotFoundHandler(webFallback));
  return app;
}
