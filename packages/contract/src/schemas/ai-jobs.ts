import { z } from 'zod';
import { LIMITS, LOCALES } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { ZAiJobKind, ZAiJobState, ZAiStage } from './ai-kinds';
import { ZStreamQuery } from './notifications';

/** GET /ai/features: each kind with its cost, availability and the setting that enables it. */
export const ZAiFeature = z.object({
  kind: ZAiJobKind,
  cost: z.number().int().min(0),
  available: z.boolean(),
  engine: z.string().nullable(),
  setting: z.string().nullable(),
  /** image_to_image: the local styles the server runs itself (no provider needed). */
  localStyles: z.array(z.string()).optional(),
  /** image_to_image: whether a provider's generative styles are offered too. */
  generative: z.boolean().optional(),
});
export type TAiFeature = z.infer<typeof ZAiFeature>;
export const ZAiFeaturesResponse = ZEnvelope(z.array(ZAiFeature));

/** POST /ai/jobs; `params` is validated by the kind's own schema on the server. */
export const ZAiJobCreateBody = z.object({
  kind: ZAiJobKind,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TAiJobCreateBody = z.infer<typeof ZAiJobCreateBody>;

/**
 * One AI record (SPEC 3 "AI records: prompt, style, ratio, count, type,
 * format, size, time"): its input, state, SPEC 4 progress and result. The
 * record's columns are top-level fields (`kind` is the type, `createdAt` the
 * time); `params` keeps the whole input.
 */
export const ZAiJob = z.object({
  id: z.number().int(),
  kind: ZAiJobKind,
  state: ZAiJobState,
  params: z.record(z.string(), z.unknown()),
  /** The prompt, or a logo's text; null for kinds that take none. */
  prompt: z.string().nullable(),
  /** The style asked for (a logo's layout); null when none was. */
  style: z.string().nullable(),
  /** Aspect ratio of generated pictures ("1:1", "16:9", ...); null for other kinds. */
  ratio: z.string().nullable(),
  /** Results asked for; 1 for kinds that make one. */
  count: z.number().int().min(1),
  /** Extensions of the result files ("png", "svg", "stl, 3mf, glb"); null before there are any. */
  format: z.string().nullable(),
  /**
   * Output size, human-readable: pixels ("1024×1024") for generated pictures,
   * millimetres ("100 × 80 mm", "80 mm wide") for pieces made to measure;
   * null when the input does not say.
   */
  size: z.string().nullable(),
  engine: z.string(),
  stage: ZAiStage.nullable(),
  percent: z.number().int().min(0).max(100),
  cost: z.number().int().min(0),
  resultFiles: z.array(z.string()),
  resultText: z.string().nullable(),
  /**
   * Prompt optimisation: the phrases it added to the prompt, in order, so the
   * page can show them and take any back; absent when not known (another
   * kind, a chat model's rewrite).
   */
  promptAdded: z.array(z.string()).optional(),
  /** Why a job ended without a result: 'cancelled', or one of AI_FAILURE_REASONS (SPEC 8). */
  errorReason: z.string().nullable(),
  /** SPEC 8: what happened, in the request's language, for a failed or cancelled job. */
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TAiJob = z.infer<typeof ZAiJob>;

/** SPEC 8 AI messages an engine can end a job with (besides points, which the service checks). */
export const AI_FAILURE_REASONS = [
  'timeout',
  'failed',
  'tooManyRequests',
  'badParameters',
  'sensitiveWords',
  'uploadFailed',
] as const;
export type TAiFailureReason = (typeof AI_FAILURE_REASONS)[number];
export const ZAiJobResponse = ZEnvelope(ZAiJob);

export const ZAiJobsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
});
export type TAiJobsQuery = z.infer<typeof ZAiJobsQuery>;
export const ZAiJobsResponse = ZListEnvelope(ZAiJob);

export const ZAiJobIdParams = z.object({ id: z.coerce.number().int().min(1) });

/**
 * GET /ai/jobs/{id}/events (Server-Sent Events): EventSource sends no
 * headers, so the access token and the language of the messages ride in
 * the query (`locale` over Content-Language and Accept-Language).
 */
export const ZAiJobStreamQuery = ZStreamQuery.extend({ locale: z.enum(LOCALES).optional() });
export type TAiJobStreamQuery = z.infer<typeof ZAiJobStreamQuery>;
export const ZAiJobDeletedResponse = ZEnvelope(z.null());
