import { isIP } from 'node:net';
import { AI_JOB_KINDS, type TAiJobKind, ZEmail, ZPassword } from '@layerline/contract';
import { z } from 'zod';

/**
 * The environment variables the server reads (README "Configuration"): their
 * schema, and the rules that span several of them. loadConfig (config.ts)
 * turns what passes into the configuration.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type TLogLevel = (typeof LOG_LEVELS)[number];
/** LOG_FORMAT: readable lines or JSON lines; unset, a terminal gets readable lines (OPERATIONS.md). */
export const LOG_FORMATS = ['pretty', 'json'] as const;
export type TLogFormat = (typeof LOG_FORMATS)[number];

/** DESIGN 3 review: `auto` publishes after the automatic checks, `manual` waits for a moderator. */
export const REVIEW_MODES = ['auto', 'manual'] as const;
export type TReviewMode = (typeof REVIEW_MODES)[number];

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

/** proxy-addr's names for address ranges, then an IP address with an optional prefix length. */
const PROXY_RANGES = ['loopback', 'linklocal', 'uniquelocal'];
function isProxyAddress(entry: string): boolean {
  const value = entry.trim();
  if (PROXY_RANGES.includes(value)) return true;
  const [address = '', prefix, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits >= 0 && bits <= (version === 4 ? 32 : 128);
}

const pointsAmount = optional(z.coerce.number().int().min(0).max(1_000_000));

/** AI_COST_<KIND> (e.g. AI_COST_TEXT_TO_IMAGE): a whole number of points, never silently free. */
export const aiCostName = (kind: TAiJobKind) => `AI_COST_${kind.toUpperCase()}`;
const aiCost = () => optional(z.coerce.number().int().min(0).max(10_000));
const AI_COST_VARIABLES: Record<string, ReturnType<typeof aiCost>> = Object.fromEntries(
  AI_JOB_KINDS.map((kind) => [aiCostName(kind), aiCost()]),
);
export const ZEnv = z.object({
  PORT: optional(z.coerce.number().int().min(1).max(65535)),
  HOST: optional(z.string().trim().min(1)),
  DATA_DIR: optional(z.string().trim().min(1)),
  DATABASE_URL: optional(url(['postgres:', 'postgresql:'])),
  DATABASE_POOL_SIZE: optional(z.coerce.number().int().min(1).max(1_000)),
  /** ADR 0050: API writes let in at once per instance, waiting at most, and for how long. */
  ADMISSION_CONCURRENCY: optional(z.coerce.number().int().min(1).max(10_000)),
  ADMISSION_QUEUE: optional(z.coerce.number().int().min(0).max(100_000)),
  ADMISSION_WAIT_MS: optional(z.coerce.number().int().min(0).max(60_000)),
  /** ADR 0050: how long an instance trusts a session it read (ms); 0 reads it on every request. */
  SESSION_CACHE_MS: optional(z.coerce.number().int().min(0).max(60_000)),
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
  LOG_FORMAT: optional(z.enum(LOG_FORMATS)),
  SEED_DEMO: optional(z.enum(['0', '1'])),
  NODE_ENV: optional(z.string().trim().min(1)),
  WEB_DIST_DIR: optional(z.string().trim().min(1)),
  /** The proxies whose X-Forwarded-For is believed: 0, 1 (private addresses) or a list (OPERATIONS.md). */
  TRUST_PROXY: optional(
    z
      .string()
      .trim()
      .refine(
        (value) => ['0', '1'].includes(value) || value.split(',').every(isProxyAddress),
        'must be 0, 1, or proxy addresses and CIDR ranges separated by commas (e.g. 10.0.0.5,loopback)',
      ),
  ),
  /** How long a stopping server finishes its requests before it cuts them (ADR 0054). */
  SHUTDOWN_GRACE_MS: optional(z.coerce.number().int().min(0).max(600_000)),
  /** Milliseconds between SSE comment lines; under the proxy's read timeout (OPERATIONS.md). */
  LIVE_HEARTBEAT_MS: optional(z.coerce.number().int().min(1_000).max(300_000)),
  API_DOCS: optional(z.enum(['0', '1'])),
  /** The bearer token GET /metrics asks for; unset, there are no metrics (ADR 0055). */
  METRICS_TOKEN: optional(z.string().trim().min(16, 'must be at least 16 characters')),
  RESPONSE_CACHE: optional(z.enum(['0', '1'])),
  /** How far below the event loop the worker threads run (Linux nice, ADR 0057); 0 keeps them level. */
  WORKER_NICE: optional(z.coerce.number().int().min(0).max(19)),
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
export type TEnv = z.infer<typeof ZEnv>;

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

/** Every problem no single variable's schema sees, each naming the variable to fix. */
export function envProblems(env: Record<string, string | undefined>): string[] {
  return [...s3Problems(env), ...crossProblems(env), ...aiProblems(env)];
}
