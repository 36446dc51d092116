import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';

/** Path parameter that must be a positive integer id. */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });

/** SPEC 7 list queries: page (from 1) and pageSize. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.feedPageSize),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type THealth = z.infer<typeof ZHealth>;
/** GET /healthz: 200 with ZHealth, or 503 with ZHealthFailure when the database does not answer. */
export const ZHealthResponse = ZEnvelope(ZHealth);
export const ZHealthFailure = z.object({
  status: z.literal('error'),
  database: z.literal('error'),
});
export const ZHealthFailureResponse = ZEnvelope(ZHealthFailure);
