import { z } from 'zod';
import { ZListEnvelope } from '../envelope';

/** SPEC 3 Collection: ID or id, title, description, count, cover (list). */
export const ZCollection = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  count: z.number().int().nonnegative(),
  cover: z.array(z.string()),
});
export type TCollection = z.infer<typeof ZCollection>;

/**
 * GET /api/v1/collection/getAllCollection: every collection, count-0 ones too
 * (the client hides those, SPEC 2); cover holds at most 4 images (SPEC 9).
 */
export const ZCollectionListResponse = ZListEnvelope(ZCollection);
