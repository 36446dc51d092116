import path from 'node:path';
import { AI_JOB_KINDS, isMessageKey, LIMITS, message, type TAiJobKind } from '@layerline/contract';
import {
  aiCostName,
  envProblems,
  type TEnv,
  type TLogFormat,
  type TLogLevel,
  type TReviewMode,
  ZEnv,
} from './config-env';
import { THREAD_NICE } from './lib/workers/worker-pool';
import { defaultWebDistDir } from './paths';
import { DEFAULT_SHUTDOWN_GRACE_MS, DEV_SHUTDOWN_GRACE_MS } from './shutdown';

export type { TLogLevel, TReviewMode } from './config-env';

export type TS3Config = {
  endpoint?: string;
  region?: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  publicUrl?: string;
};

export type TConfig = {
  port: number;
  host: string;
  /** Absolute; holds the embedded database (db/) and stored files (files/). */
  dataDir: string;
  /** PostgreSQL server; absent means embedded PGlite under dataDir/db (DESIGN 2). */
  databaseUrl?: string;
  /** PostgreSQL connections at most; absent: twice the cores, at least 4 (ADR 0040). */
  databasePoolSize?: number;
  /**
   * ADR 0050: the admission gate of API writes (ADMISSION_CONCURRENCY,
   * ADMISSION_QUEUE, ADMISSION_WAIT_MS); what is absent takes its default
   * from the pool size (http/admission.ts).
   */
  admission: { concurrency?: number; queue?: number; waitMs?: number };
  /** ADR 0050: how long a session read from the database is trusted here (SESSION_CACHE_MS). */
  sessionCacheMs: number;
  publicUrl: string;
  /** SPEC 2: the page title is product-branded and configurable. */
  productTitle: string;
  smtpUrl?: string;
  /** Sender of every mail; defaults to the product title at no-reply@localhost. */
  mailFrom: string;
  redisUrl?: string;
  s3?: TS3Config;
  logLevel: TLogLevel;
  /** Unset: readable lines at a terminal, JSON lines elsewhere (logger.ts). */
  logFormat?: TLogFormat;
  seedDemo: boolean;
  nodeEnv: string;
  isProduction: boolean;
  /** /api/docs is served: always outside production, with API_DOCS=1 in production (ADR 0010). */
  apiDocs: boolean;
  /** GET /metrics answers Prometheus with this bearer token; unset, nothing is measured (ADR 0055). */
  metricsToken?: string;
  /**
   * ADR 0018: visitors' pages and repeated searches answered from memory,
   * in tests too (ADR 0044: a test that writes rows straight to the database
   * drops what they change through app.keptAnswers). RESPONSE_CACHE=0 turns
   * it off, for an operator; no test uses it.
   */
  responseCache: boolean;
  webDistDir: string;
  /** Upload parsing threads, per-file time cap and waiting queue (ADR 0008); threads default to cores - 1. */
  uploadWorkers: { threads?: number; timeoutMs?: number; maxQueue?: number };
  /**
   * The proxies whose X-Forwarded-For entries are believed (TRUST_PROXY,
   * OPERATIONS.md), as Fastify's list of addresses and ranges: the client
   * address is the last entry not written by one of them, so what a client
   * wrote before the proxy's own entry is ignored. False: the socket's address.
   */
  trustProxy: string | false;
  /** A comment line on every open SSE stream this often, so proxies keep it open. */
  liveHeartbeatMs: number;
  /**
   * On SIGTERM, how long requests in flight and open connections get before
   * they are cut (SHUTDOWN_GRACE_MS, ADR 0054): 25 s in production, 3 s
   * otherwise, so a restart of `npm run dev` does not wait for the
   * browser's idle connections.
   */
  shutdownGraceMs: number;
  /**
   * The nice value the upload and AI engine threads add to the process's
   * (WORKER_NICE, 0–19, default 10; ADR 0057): the event loop is scheduled
   * first. 0 runs them level with it, for a machine that only runs jobs.
   */
  workerNice: number;
  /** Token signing secret; absent means one generated once and kept in the database. */
  authSecret?: string;
  /** Test runs only: every captcha's answer is this value (refused in production). */
  authTestCaptcha?: string;
  /** Created as an admin at start when no account has this e-mail. */
  admin?: { email: string; password: string };
  /** How new and edited works are reviewed (DESIGN 3). */
  reviewMode: TReviewMode;
  /** Extra sensitive words, one per line, added to the built-in list (SPEC 8 code 406). */
  sensitiveWordsFile?: string;
  /** AI providers (DESIGN 5); each is present only when its variables are set. */
  aiProviders: TAiProvidersConfig;
  /** AI job workers inside the web server (ADR 0012): AI_WORKERS, 1 by default, 0 disables. */
  aiWorkers: number;
  /**
   * Points per AI job of a kind (SPEC 1; AI_COST_<KIND>); only the kinds set
   * here, the registry's defaults (ai-engines.registry.ts) for the others.
   */
  aiCosts: Partial<Record<TAiJobKind, number>>;
  /** Points (SPEC 1, ADR 0011): daily top-up allowance and task rewards. */
  points: TPointsConfig;
};

export type TPointsConfig = {
  /** The balance is topped up to this at the first request of each local day. */
  dailyAllowance: number;
  /** IANA time zone whose midnight starts a new points day. */
  timeZone: string;
  tasks: { firstWork: number; firstPost: number; signin: number; profile: number };
};

/** Hosted and self-hosted AI services the AI features can run on (README "AI providers"). */
export type TAiProvidersConfig = {
  /** One request to a provider. */
  timeoutMs: number;
  /** A task a provider runs (ComfyUI prompt, 3D model) before it counts as timed out. */
  taskTimeoutMs: number;
  openaiImages?: { baseUrl: string; apiKey?: string; model: string };
  chat?: { baseUrl: string; apiKey?: string; model: string };
  comfyui?: { url: string; workflow: string; imageWorkflow?: string };
  stability?: { baseUrl: string; apiKey: string; model: string };
  tripo?: { baseUrl: string; apiKey: string };
  meshy?: { baseUrl: string; apiKey: string };
};

/**
 * ADR 0050: a session read from the database is trusted for 5 s on the
 * instance that read it. Revocations, role changes and suspensions drop it
 * on every instance at once; this bounds how long a drop that never arrived
 * (Redis down) is missed.
 */
export const DEFAULT_SESSION_CACHE_MS = 5_000;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The folder relative paths of a command mean: npm runs workspace scripts in
 * apps/server and says where it was called from in INIT_CWD (the admin CLI).
 */
export function callerDir(env: Record<string, string | undefined>): string {
  return env.INIT_CWD ?? process.cwd();
}

/**
 * Reads the configuration from an environment object (process.env in main,
 * a plain object in tests). Throws ConfigError naming every bad variable.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): TConfig {
  const parsed = ZEnv.safeParse(env);
  const problems = [
    ...(parsed.error?.issues ?? []).map(
      (issue) =>
        `${issue.path.join('.') || 'env'}: ${isMessageKey(issue.message) ? message('en', issue.message) : issue.message}`,
    ),
    ...envProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const nodeEnv = e.NODE_ENV ?? 'development';
  const productTitle = e.PRODUCT_TITLE ?? 'Layerline';
  const s3: TS3Config | undefined =
    e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
      ? {
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          bucket: e.S3_BUCKET,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined;
  return {
    port,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(cwd, e.DATA_DIR ?? './data'),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    admission: {
      concurrency: e.ADMISSION_CONCURRENCY,
      queue: e.ADMISSION_QUEUE,
      waitMs: e.ADMISSION_WAIT_MS,
    },
    sessionCacheMs: e.SESSION_CACHE_MS ?? DEFAULT_SESSION_CACHE_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    productTitle,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${productTitle.replaceAll('"', '')}" <no-reply@localhost>`,
    redisUrl: e.REDIS_URL,
    s3,
    logLevel: e.LOG_LEVEL ?? 'info',
    logFormat: e.LOG_FORMAT,
    seedDemo: (e.SEED_DEMO ?? '1') === '1',
    nodeEnv,
    isProduction: nodeEnv === 'production',
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : nodeEnv !== 'production',
    metricsToken: e.METRICS_TOKEN,
    responseCache: e.RESPONSE_CACHE !== '0',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir(),
    trustProxy: trustedProxies(e.TRUST_PROXY),
    liveHeartbeatMs: e.LIVE_HEARTBEAT_MS ?? LIMITS.liveHeartbeatMs,
    shutdownGraceMs:
      e.SHUTDOWN_GRACE_MS ??
      (nodeEnv === 'production' ? DEFAULT_SHUTDOWN_GRACE_MS : DEV_SHUTDOWN_GRACE_MS),
    workerNice: e.WORKER_NICE ?? THREAD_NICE,
    uploadWorkers: {
      threads: e.UPLOAD_WORKERS,
      timeoutMs: e.UPLOAD_TASK_TIMEOUT_MS,
      maxQueue: e.UPLOAD_QUEUE,
    },
    authSecret: e.AUTH_SECRET,
    authTestCaptcha: e.AUTH_TEST_CAPTCHA,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    reviewMode: e.REVIEW_MODE ?? 'auto',
    sensitiveWordsFile: e.SENSITIVE_WORDS_FILE
      ? path.resolve(cwd, e.SENSITIVE_WORDS_FILE)
      : undefined,
    aiProviders: aiProvidersOf(e, cwd),
    aiWorkers: e.AI_WORKERS ?? 1,
    aiCosts: aiCostsOf(e),
    points: {
      dailyAllowance: e.POINTS_DAILY_ALLOWANCE ?? 20,
      timeZone: e.POINTS_TIMEZONE ?? 'Asia/Shanghai',
      tasks: {
        firstWork: e.POINTS_TASK_FIRST_WORK ?? 10,
        firstPost: e.POINTS_TASK_FIRST_POST ?? 5,
        signin: e.POINTS_TASK_SIGNIN ?? 2,
        profile: e.POINTS_TASK_PROFILE ?? 5,
      },
    },
  };
}

/** TRUST_PROXY=1 means proxies on this host or a private network (the README's nginx). */
export const PRIVATE_PROXIES = 'loopback,linklocal,uniquelocal';

function trustedProxies(value: string | undefined): string | false {
  if (!value || value === '0') return false;
  if (value === '1') return PRIVATE_PROXIES;
  return value
    .split(',')
    .map((entry) => entry.trim())
    .join(',');
}

function aiCostsOf(e: Record<string, unknown>): Partial<Record<TAiJobKind, number>> {
  const costs: Partial<Record<TAiJobKind, number>> = {};
  for (const kind of AI_JOB_KINDS) {
    const value = e[aiCostName(kind)];
    if (typeof value === 'number') costs[kind] = value;
  }
  return costs;
}

/** Each provider is configured by base URL, key and model (DESIGN 5); unset ones stay absent. */
function aiProvidersOf(e: TEnv, cwd: string): TAiProvidersConfig {
  return {
    timeoutMs: e.AI_PROVIDER_TIMEOUT_MS ?? 120_000,
    taskTimeoutMs: e.AI_PROVIDER_TASK_TIMEOUT_MS ?? 600_000,
    openaiImages:
      e.AI_OPENAI_BASE_URL || e.AI_OPENAI_API_KEY
        ? {
            baseUrl: e.AI_OPENAI_BASE_URL ?? 'https://api.openai.com/v1',
            apiKey: e.AI_OPENAI_API_KEY,
            model: e.AI_OPENAI_IMAGE_MODEL ?? 'gpt-image-1',
          }
        : undefined,
    chat:
      e.AI_CHAT_BASE_URL || e.AI_CHAT_API_KEY
        ? {
            baseUrl: e.AI_CHAT_BASE_URL ?? 'https://api.openai.com/v1',
            apiKey: e.AI_CHAT_API_KEY,
            model: e.AI_CHAT_MODEL ?? 'gpt-4o-mini',
          }
        : undefined,
    comfyui:
      e.AI_COMFYUI_URL && e.AI_COMFYUI_WORKFLOW
        ? {
            url: e.AI_COMFYUI_URL,
            workflow: path.resolve(cwd, e.AI_COMFYUI_WORKFLOW),
            imageWorkflow: e.AI_COMFYUI_IMAGE_WORKFLOW
              ? path.resolve(cwd, e.AI_COMFYUI_IMAGE_WORKFLOW)
              : undefined,
          }
        : undefined,
    stability: e.AI_STABILITY_API_KEY
      ? {
          baseUrl: e.AI_STABILITY_BASE_URL ?? 'https://api.stability.ai',
          apiKey: e.AI_STABILITY_API_KEY,
          model: e.AI_STABILITY_MODEL ?? 'core',
        }
      : undefined,
    tripo: e.AI_TRIPO_API_KEY
      ? {
          baseUrl: e.AI_TRIPO_BASE_URL ?? 'https://api.tripo3d.ai/v2/openapi',
          apiKey: e.AI_TRIPO_API_KEY,
        }
      : undefined,
    meshy: e.AI_MESHY_API_KEY
      ? { baseUrl: e.AI_MESHY_BASE_URL ?? 'https://api.meshy.ai', apiKey: e.AI_MESHY_API_KEY }
      : undefined,
  };
}
