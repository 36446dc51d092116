import path from 'node:path';
import {
  AI_JOB_KINDS,
  isMessageKey,
  message,
  type TAiJobKind,
  ZEmail,
  ZPassword,
} from '@layerline/contract';
import { z } from 'zod';
import { defaultWebDistDir } from './paths';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];

/** DESIGN 3 review: `auto` publishes after the automatic checks, `manual` waits for a moderator. */
export const REVIEW_MODES = ['auto', 'manual'] as const;
export type TReviewMode = (typeof REVIEW_MODES)[number];

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
  publicUrl: string;
  /** SPEC 2: the page title is product-branded and configurable. */
  productTitle: string;
  smtpUrl?: string;
  /** Sender of every mail; defaults to the product title at no-reply@localhost. */
  mailFrom: string;
  redisUrl?: string;
  s3?: TS3Config;
  logLevel: TLogLevel;
  seedDemo: boolean;
  nodeEnv: string;
  isProduction: boolean;
  /** /api/docs is served: always outside production, with API_DOCS=1 in production (ADR 0010). */
  apiDocs: boolean;
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
  /** Behind a load balancer the client address comes from X-Forwarded-For. */
  trustProxy: boolean;
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

/** Docker and shell files often set a variable to an empty string to mean "unset". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const url = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `must be a ${protocols.map((protocol) => `${protocol}//`).join(' or ')} URL`,
    );

const timeZone = z
  .string()
  .trim()
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Asia/Shanghai');

const pointsAmount = optional(z.coerce.number().int().min(0).max(1_000_000));

/** AI_COST_<KIND> (e.g. AI_COST_TEXT_TO_IMAGE): a whole number of points, never silently free. */
const aiCostName = (kind: TAiJobKind) => `AI_COST_${kind.toUpperCase()}`;
const aiCost = () => optional(z.coerce.number().int().min(0).max(10_000));
const AI_COST_VARIABLES: Record<string, ReturnType<typeof aiCost>> = Object.fromEntries(
  AI_JOB_KINDS.map((kind) => [aiCostName(kind), aiCost()]),
);

const ZEnv = z.object({
  PORT: optional(z.coerce.number().int().min(1).max(65535)),
  HOST: optional(z.string().trim().min(1)),
  DATA_DIR: optional(z.string().trim().min(1)),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(1_000)),
  PUBLIC_URL: optional(url(['http:', 'https:'])),
  PRODUCT_TITLE: optional(z.string().trim().min(1).max(100)),
  SMTP_URL: optional(url(['smtp:', 'smtps:'])),
  REDIS_URL: optional(url(['redis:', 'rediss:'])),
  S3_ENDPOINT: optional(url(['http:', 'https:'])),
  S3_REGION: optional(z.string().trim().min(1)),
  S3_BUCKET: optional(z.string().trim().min(1)),
  S3_ACCESS_KEY_ID: optional(z.string().trim().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  S3_PUBLIC_URL: optional(url(['http:', 'https:'])),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)),
  SEED_DEMO: optional(z.enum(['0', '1'])),
  NODE_ENV: optional(z.string().trim().min(1)),
  WEB_DIST_DIR: optional(z.string().trim().min(1)),
  TRUST_PROXY: optional(z.enum(['0', '1'])),
  API_DOCS: optional(z.enum(['0', '1'])),
  RESPONSE_CACHE: optional(z.enum(['0', '1'])),
  UPLOAD_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  UPLOAD_TASK_TIMEOUT_MS: optional(z.coerce.number().int().min(1).max(600_000)),
  UPLOAD_QUEUE: optional(z.coerce.number().int().min(0).max(10_000)),
  MAIL_FROM: optional(z.string().trim().min(3).max(200)),
  AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
  AUTH_TEST_CAPTCHA: optional(
    z.string().regex(/^[A-Za-z0-9]{1,16}$/, 'must be 1 to 16 letters or digits'),
  ),
  ADMIN_EMAIL: optional(ZEmail),
  ADMIN_PASSWORD: optional(ZPassword),
  REVIEW_MODE: optional(z.enum(REVIEW_MODES)),
  SENSITIVE_WORDS_FILE: optional(z.string().trim().min(1)),
  POINTS_DAILY_ALLOWANCE: pointsAmount,
  POINTS_TIMEZONE: optional(timeZone),
  POINTS_TASK_FIRST_WORK: pointsAmount,
  POINTS_TASK_FIRST_POST: pointsAmount,
  POINTS_TASK_SIGNIN: pointsAmount,
  POINTS_TASK_PROFILE: pointsAmount,
  AI_PROVIDER_TIMEOUT_MS: optional(z.coerce.number().int().min(1_000).max(600_000)),
  AI_PROVIDER_TASK_TIMEOUT_MS: optional(z.coerce.number().int().min(10_000).max(3_600_000)),
  AI_OPENAI_BASE_URL: optional(url(['http:', 'https:'])),
  AI_OPENAI_API_KEY: optional(z.string().trim().min(1)),
  AI_OPENAI_IMAGE_MODEL: optional(z.string().trim().min(1).max(100)),
  AI_CHAT_BASE_URL: optional(url(['http:', 'https:'])),
  AI_CHAT_API_KEY: optional(z.string().trim().min(1)),
  AI_CHAT_MODEL: optional(z.string().trim().min(1).max(100)),
  AI_COMFYUI_URL: optional(url(['http:', 'https:'])),
  AI_COMFYUI_WORKFLOW: optional(z.string().trim().min(1)),
  AI_COMFYUI_IMAGE_WORKFLOW: optional(z.string().trim().min(1)),
  AI_STABILITY_API_KEY: optional(z.string().trim().min(1)),
  AI_STABILITY_BASE_URL: optional(url(['http:', 'https:'])),
  AI_STABILITY_MODEL: optional(
    z
      .string()
      .trim()
      .regex(/^(core|ultra|sd3[\w.-]*)$/, 'must be core, ultra or an sd3 model'),
  ),
  AI_TRIPO_API_KEY: optional(z.string().trim().min(1)),
  AI_TRIPO_BASE_URL: optional(url(['http:', 'https:'])),
  AI_MESHY_API_KEY: optional(z.string().trim().min(1)),
  AI_MESHY_BASE_URL: optional(url(['http:', 'https:'])),
  AI_WORKERS: optional(z.coerce.number().int().min(0).max(8)),
  ...AI_COST_VARIABLES,
});

/** Rules that span variables; each answer names the variable to fix. */
function crossProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  // A fixed captcha answer disables the captcha; never on a real deployment.
  if (env.AUTH_TEST_CAPTCHA && env.NODE_ENV?.trim() === 'production') {
    problems.push('AUTH_TEST_CAPTCHA: must not be set when NODE_ENV=production');
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    problems.push(
      'ADMIN_EMAIL, ADMIN_PASSWORD: set both or neither (`npm run admin -- create EMAIL` generates a password)',
    );
  }
  return problems;
}

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * DESIGN 2: the object store is all-or-nothing; a half-set S3 would silently
 * fall back to local disk on one server and not on another.
 */
function s3Problems(env: Record<string, string | undefined>): string[] {
  const set = Object.keys(env).filter((key) => key.startsWith('S3_') && env[key]);
  if (set.length === 0) return [];
  return S3_REQUIRED.filter((key) => !env[key]).map(
    (key) =>
      `${key}: is required when ${set.join(', ')} is set (S3 needs bucket and keys together)`,
  );
}

/** An AI provider half set up would offer a feature that can only fail. */
function aiProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (env.AI_COMFYUI_URL && !env.AI_COMFYUI_WORKFLOW) {
    problems.push(
      'AI_COMFYUI_WORKFLOW: is required when AI_COMFYUI_URL is set (an API-format workflow file)',
    );
  }
  if (!env.AI_COMFYUI_URL && (env.AI_COMFYUI_WORKFLOW || env.AI_COMFYUI_IMAGE_WORKFLOW)) {
    problems.push('AI_COMFYUI_URL: is required when a ComfyUI workflow is set');
  }
  for (const name of ['STABILITY', 'TRIPO', 'MESHY']) {
    if (env[`AI_${name}_BASE_URL`] && !env[`AI_${name}_API_KEY`]) {
      problems.push(`AI_${name}_API_KEY: is required when AI_${name}_BASE_URL is set`);
    }
  }
  return problems;
}

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
    ...s3Problems(env),
    ...crossProblems(env),
    ...aiProblems(env),
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
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    productTitle,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `"${productTitle.replaceAll('"', '')}" <no-reply@localhost>`,
    redisUrl: e.REDIS_URL,
    s3,
    logLevel: e.LOG_LEVEL ?? 'info',
    seedDemo: (e.SEED_DEMO ?? '1') === '1',
    nodeEnv,
    isProduction: nodeEnv === 'production',
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : nodeEnv !== 'production',
    responseCache: e.RESPONSE_CACHE !== '0',
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir(),
    trustProxy: e.TRUST_PROXY === '1',
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

function aiCostsOf(e: Record<string, unknown>): Partial<Record<TAiJobKind, number>> {
  const costs: Partial<Record<TAiJobKind, number>> = {};
  for (const kind of AI_JOB_KINDS) {
    const value = e[aiCostName(kind)];
    if (typeof value === 'number') costs[kind] = value;
  }
  return costs;
}

/** Each provider is configured by base URL, key and model (DESIGN 5); unset ones stay absent. */
function aiProvidersOf(e: z.infer<typeof ZEnv>, cwd: string): TAiProvidersConfig {
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
