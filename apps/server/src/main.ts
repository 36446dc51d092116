import path from 'node:path';
import { buildApp } from './app';
import { ensureNoServerOn, listenAdminSocket } from './backup/admin-socket';
import { backupOnRequest } from './backup/backup';
import { ConfigError, loadConfig, type TConfig } from './config';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { systemClock } from './lib/clock';
import { createLogger } from './logger';
import { type AiWorker, createAiEngines, startAiWorkers } from './modules/ai';
import { createStorage } from './modules/files';
import { ensureAdmin } from './modules/users';
import { runSeed } from './seed/index';
import { gracefulShutdown, SHUTDOWN_CLOSE_MS } from './shutdown';

function readConfig(): TConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      // The logger is not set up yet: its level is part of the bad config.
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger(config);

  if (!config.databaseUrl) await ensureNoServerOn(config.dataDir);
  const database = await createDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: path.join(config.dataDir, 'db'),
    onError: (error) => logger.error({ err: error }, 'database connection error'),
  });
  logger.info({ kind: database.kind }, 'database opened');
  await runMigrations(database);
  logger.info('database migrated');

  // DESIGN 2: the object store when S3_* is set, as for `npm run worker`.
  const storage = createStorage(config, systemClock);
  await runSeed({ db: database.db, storage, demo: config.seedDemo, log: logger });
  if (config.admin) {
    // An existing account keeps its password and role: this only bootstraps a fresh install.
    const outcome = await ensureAdmin(database.db, config.admin);
    logger.info(
      { email: config.admin.email },
      outcome === 'created'
        ? 'admin account created from ADMIN_EMAIL'
        : 'ADMIN_EMAIL account exists',
    );
  }

  // ADR 0012: one engine registry for the API and the in-process workers; a job
  // queued here wakes them at once instead of after their idle sleep.
  const aiWorkerCount =
    database.kind === 'pglite' ? Math.min(1, config.aiWorkers) : config.aiWorkers;
  // Built once for the process (ADR 0048); engine threads: one per in-process job worker.
  const aiEngines = createAiEngines(config, aiWorkerCount);
  const aiWorkers: AiWorker[] = [];
  const app = await buildApp({
    config,
    database,
    storage,
    logger,
    ai: {
      registry: aiEngines.registry,
      onQueued: () => {
        for (const worker of aiWorkers) worker.poke();
      },
    },
  });
  // ADR 0056: the embedded database is this process's alone; `npm run admin -- backup`
  // asks it over DATA_DIR's admin socket.
  const adminSocket = database.holdStill
    ? await listenAdminSocket(
        config.dataDir,
        backupOnRequest({
          database,
          dataDir: config.dataDir,
          filesRoot: config.s3 ? undefined : path.join(config.dataDir, 'files'),
        }),
        logger,
      )
    : undefined;
  await app.listen({ port: config.port, host: config.host });
  logger.info(`${config.productTitle} is listening on ${config.publicUrl}`);
  // The model loads in an engine thread while the server already answers.
  if (aiWorkerCount > 0) void aiEngines.warmUp(logger);

  // ADR 0012: one in-process AI worker by default (AI_WORKERS=0 disables); PGlite is one
  // connection, so it never runs more than one here. Progress goes out on the app's live
  // events, so job streams on every instance see it (SPEC 4).
  aiWorkers.push(
    ...startAiWorkers(aiWorkerCount, {
      queue: app.aiQueue,
      db: database.db,
      registry: aiEngines.registry,
      storage,
      kind: database.kind,
      onError: (error) => logger.error({ err: error }, 'AI worker error'),
    }),
  );

  // ADR 0054: a job handed back by a stopping instance or worker wakes the idle ones here
  // at once (through Redis from other processes), instead of at their next look.
  app.liveEvents.subscribe('aiJob', (signal) => {
    if (signal.state !== 'queued') return;
    for (const worker of aiWorkers) worker.poke();
  });

  // ADR 0054: drain, hand AI jobs back, finish the requests in flight, then close.
  const shutdown = gracefulShutdown({
    app,
    log: logger,
    graceMs: config.shutdownGraceMs,
    handBackJobs: async () => {
      await Promise.all(aiWorkers.map((worker) => worker.handBack()));
    },
    closeRest: async () => {
      await adminSocket?.close();
      await aiEngines.close();
      await database.close();
    },
  });
  const onSignal = (signal: NodeJS.Signals) => {
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs + SHUTDOWN_CLOSE_MS).unref();
    void shutdown(signal).then((code) => process.exit(code));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

main().catch((error: unknown) => {
  console.error('Layerline failed to start:', error);
  process.exit(1);
});
