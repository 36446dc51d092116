import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { TConfig } from '../config';
import type { TDatabase, TDatabaseHandle } from '../db/client';
import type { TClock } from '../lib/clock';
import type { Limiter } from '../lib/limiter/limiter';
import type { TUserLimits } from '../lib/limiter/user-limits';
import type { LiveEvents } from '../lib/live-events';
import type { TAuthKeys } from '../modules/auth';
import type { FileStorage } from '../modules/files';
import type { Mailer } from '../modules/mail';

/**
 * The app's infrastructure (DESIGN 1: side effects behind interfaces), built
 * once by compose/infra.ts and handed to every module's factory (ADR 0048).
 * Nothing of any module is in here: what one module needs of another is the
 * factory's second argument, named and typed.
 */
export type TInfra = {
  config: TConfig;
  db: TDatabase;
  database: TDatabaseHandle;
  storage: FileStorage;
  clock: TClock;
  log: FastifyBaseLogger;
  limiter: Limiter;
  /** The shared Redis client when REDIS_URL is set (DESIGN 2). */
  redis?: Redis;
  /** DESIGN 2 live events: Redis pub/sub with REDIS_URL, in-process otherwise. */
  events: LiveEvents;
  mailer: Mailer;
  /** The JWT key and the hash key every keyed digest is derived from. */
  authKeys: TAuthKeys;
  userLimits: TUserLimits;
};

/**
 * ADR 0048: what a module's factory returns. The services it provides to
 * modules composed after it, by name and type, and `plugin`: the Fastify
 * plugin the composition registers under /api/v1 (ADR 0021), which
 * registers the module's routes and its lifecycle hooks (onReady, preClose,
 * onClose, intervals).
 */
export type TModule<TProvides extends object = object> = Readonly<TProvides> & {
  readonly plugin: FastifyPluginAsyncZod;
};
