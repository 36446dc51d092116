import { z } from 'zod';
import { LIMITS } from '../constants';

/** Path parameter that must be a positive integer id. */
export const ZIdParam = z.object({ id: z.coerce.number().int().positive() });

/** SPEC 7 list queries: page (from 1) and pageSize. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.feedPageSize),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
