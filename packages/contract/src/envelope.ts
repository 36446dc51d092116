import { z } from 'zod';

/** DESIGN 3: every JSON response is `{code, msg, data}`; code 200 is success. */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), data });

/** Lists add `total` beside `data` (DESIGN 3). */
export const ZListEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    code: z.number().int(),
    msg: z.string(),
    data: z.array(item),
    total: z.number().int(),
  });

export type TEnvelope<T> = { code: number; msg: string; data: T };
export type TListEnvelope<T> = TEnvelope<T[]> & { total: number };

export const ZErrorEnvelope = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.unknown().nullable(),
});
