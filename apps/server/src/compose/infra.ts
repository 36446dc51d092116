import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TConfig } from '../config';
import { createDatabase, type TDatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { systemClock, type TClock } from '../lib/clock';
import { Limiter, type TLimit } from '../lib/limiter/limiter';
import { MemoryLimiterStore } from '../lib/limiter/memory.store';
import { RedisLimiterStore } from '../lib/limiter/redis.store';
import { type TUserLimits, userLimits } from '../lib/limiter/user-limits';
import { createLiveEvents, type LiveEvents } from '../lib/live-events';
import { closeRedis, createRedis } from '../lib/redis';
import type { TAiEngineRegistry } from '../modules/ai';
import { loadAuthKeys, type TAuthLimits } from '../modules/auth';
import { createStorage, type FileStorage } from '../modules/files';
import { createMailer, type Mailer } from '../modules/mail';
import type { TInfra } from './module';

export type TBuildAppOptions = {
  config: TConfig;
  /** Created (and migrated, and closed with the app) from config when absent. */
  database?: TDatabaseHandle;
  /** Local disk under DATA_DIR/files when absent. */
  storage?: FileStorage;
  logger?: FastifyBaseLogger;
  /** The time every expiry is judged by; tests move it. */
  clock?: TClock;
  /** SMTP or the outbox from config when absent. */
  mailer?: Mailer;
  /** Overrides of the auth rate limits (tests use small numbers). */
  authLimits?: Partial<TAuthLimits>;
  /** Comments per user and window (DEFAULT_COMMENT_LIMIT when absent). */
  commentLimit?: TLimit;
  /** Overrides of the per-user upload, download and work-save limits (LIMITS when absent). */
  userLimits?: Partial<TUserLimits>;
  /**
   * The time budget of a generated cover (COVER_RENDER_MS when absent). Tests
   * that expect a cover give more, so a machine busy with other tests does
   * not turn a drawn cover into none; the overrun itself is tested on the
   * generator.
   */
  coverRenderMs?: number;
  /**
   * The process's AI engine registry (built from config when absent), and a
   * call that wakes this process's idle AI workers when a job is queued.
   */
  ai?: {
    registry?: TAiEngineRegistry;
    onQueued?: () => void;
    /** How often open job streams re-read their jobs (AI_STREAM_POLL_MS when absent). */
    streamPollMs?: number;
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * DESIGN 2 live events of this app (Redis pub/sub with REDIS_URL): the
     * in-process AI workers of main.ts publish their jobs' progress on it.
     */
    liveEvents: LiveEvents;
  }
}

/**
 * The app's infrastructure (ADR 0048): the database (created, migrated and
 * closed with the app when none is given), storage, Redis, the limiter, the
 * mailer, the auth keys and the live events. Each is closed with the app.
 */
export async function createInfra(
  app: FastifyInstance,
  options: TBuildAppOptions,
): Promise<TInfra> {
  const { config } = options;
  let database = options.database;
  if (!database) {
    const created = await createDatabase({
      url: config.databaseUrl,
      poolSize: config.databasePoolSize,
      dataDir: path.join(config.dataDir, 'db'),
      onError: (error) => app.log.error({ err: error }, 'database connection error'),
    });
    database = created;
    app.addHook('onClose', () => created.close());
    await runMigrations(created);
  }
  const clock = options.clock ?? systemClock;
  const storage = options.storage ?? createStorage(config, clock);
  const redis = config.redisUrl ? createRedis(config.redisUrl, app.log) : undefined;
  if (redis) app.addHook('onClose', () => closeRedis(redis));
  const limiter = new Limiter(
    redis ? new RedisLimiterStore(redis) : new MemoryLimiterStore(clock),
    app.log,
  );
  const mailer = options.mailer ?? createMailer(config, app.log, clock);
  app.addHook('onClose', () => mailer.close());
  const authKeys = await loadAuthKeys(database.db, config);
  // DESIGN 2 live events: Redis pub/sub with REDIS_URL, in-process otherwise.
  const events = createLiveEvents(redis, app.log);
  app.decorate('liveEvents', events);
  app.addHook('onClose', () => events.close());
  await Promise.race([events.ready, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  return {
    config,
    db: database.db,
    database,
    storage,
    clock,
    log: app.log,
    limiter,
    redis,
    events,
    mailer,
    authKeys,
    userLimits: userLimits(options.userLimits),
  };
}
