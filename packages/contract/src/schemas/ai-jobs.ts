import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope, ZListEnvelope } from '../envelope';
import { ZAiJobKind, ZAiJobState, ZAiStage } from './ai-kinds';

/** GET /ai/features: each kind with its cost, availability and the setting that enables it. */
export const ZAiFeature = z.object({
  kind: ZAiJobKind,
  cost: z.number().int().min(0),
  available: z.boolean(),
  engine: z.string().nullable(),
  setting: z.string().nullable(),
});
export type TAiFeature = z.infer<typeof ZAiFeature>;
export const ZAiFeaturesResponse = ZEnvelope(z.array(ZAiFeature));

/** POST /ai/jobs; `params` is validated by the kind's own schema on the server. */
export const ZAiJobCreateBody = z.object({
  kind: ZAiJobKind,
  params: z.record(z.string(), z.unknown()).default({}),
});
export type TAiJobCreateBody = z.infer<typeof ZAiJobCreateBody>;

/** One AI record (SPEC 3): its input, state, SPEC 4 progress and result. */
export const ZAiJob = z.object({
  id: z.number().int(),
  kind: ZAiJobKind,
  state: ZAiJobState,
  params: z.record(z.string(), z.unknown()),
  engine: z.string(),
  stage: ZAiStage.nullable(),
  percent: z.number().int().min(0).max(100),
  cost: z.number().int().min(0),
  resultFiles: z.array(z.string()),
  resultText: z.string().nullable(),
  errorReason: z.string().nullable(),
  /** SPEC 8: what happened, in the request's language, for a failed or cancelled job. */
  errorMessage: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TAiJob = z.infer<typeof ZAiJob>;
export const ZAiJobResponse = ZEnvelope(ZAiJob);

export const ZAiJobsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(20),
});
export type TAiJobsQuery = z.infer<typeof ZAiJobsQuery>;
export const ZAiJobsResponse = ZListEnvelope(ZAiJob);

export const ZAiJobIdParams = z.object({ id: z.coerce.number().int().min(1) });
export const ZAiJobDeletedResponse = ZEnvelope(z.null());
