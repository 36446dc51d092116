import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { createDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { systemClock } from './lib/clock';
import { createLiveEvents } from './lib/live-events';
import { closeRedis, createRedis } from './lib/redis';
import { createLogger } from './logger';
import { AiJobQueue, AiWorker, aiJobPublisher, createAiEngines } from './modules/ai';
import { createStorage } from './modules/files';
import { SHUTDOWN_CLOSE_MS } from './shutdown';

/**
 * `npm run worker`: an extra AI job worker process against the same
 * PostgreSQL as the web server (ADR 0012). PGlite is one connection owned by
 * the web server, so this needs DATABASE_URL.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config);
  if (!config.databaseUrl) {
    logger.error(
      'npm run worker needs DATABASE_URL (PostgreSQL); PGlite runs its one worker in the server',
    );
    process.exit(1);
  }
  const database = await createDatabase({
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    dataDir: path.join(config.dataDir, 'db'),
    onError: (error) => logger.error({ err: error }, 'database connection error'),
  });
  await runMigrations(database);
  const storage = createStorage(config, systemClock);
  // Built once for the process (ADR 0048): one engine thread for its one worker.
  const engines = createAiEngines(config, 1);
  const { registry, warmUp } = engines;
  // SPEC 4 progress reaches the servers' job streams through Redis; without it they
  // see it by re-reading the job every 2 s.
  const redis = config.redisUrl ? createRedis(config.redisUrl, logger) : undefined;
  const events = redis ? createLiveEvents(redis, logger) : undefined;
  if (!events) logger.info('no REDIS_URL: job streams see progress by re-reading the job');
  const queue = new AiJobQueue(database.db, registry, systemClock, {
    ...(events ? { onChange: aiJobPublisher(events, logger) } : {}),
  });
  const worker = new AiWorker(queue, database.db, registry, storage, undefined, (error) =>
    logger.error({ err: error }, 'AI worker error'),
  );
  worker.start();
  logger.info({ worker: worker.id }, 'AI worker started');
  // ADR 0054: a job another process handed back (or queued) wakes this worker at once.
  events?.subscribe('aiJob', (signal) => {
    if (signal.state === 'queued') worker.poke();
  });
  // The model loads in the engine thread while the worker already polls.
  void warmUp(logger);
  let isClosing = false;
  // ADR 0054: the running job goes back to the queue for another worker, then everything closes.
  const shutdown = async (signal: NodeJS.Signals) => {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal, worker: worker.id }, 'AI worker shutting down: handing its job back');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_CLOSE_MS).unref();
    try {
      await worker.handBack();
      await events?.close();
      if (redis) await closeRedis(redis);
      await engines.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error('Layerline worker failed to start:', error);
  process.exit(1);
});
