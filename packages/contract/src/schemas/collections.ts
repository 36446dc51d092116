import { z } from 'zod';

/** SPEC 3 Collection: ID or id, title, description, count, cover (list). */
export const ZCollection = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  count: z.number().int().nonnegative(),
  cover: z.array(z.string()),
});
export type TCollection = z.infer<typeof ZCollection>;
