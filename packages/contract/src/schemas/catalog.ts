import { z } from 'zod';

/** SPEC 3 Category: id, name, Children (list of id and name). */
export const ZCategoryChild = z.object({ id: z.number().int(), name: z.string() });
export const ZCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  Children: z.array(ZCategoryChild),
});
export type TCategory = z.infer<typeof ZCategory>;

/** SPEC 3: machine groups hold machines with ID and name. */
export const ZMachine = z.object({ ID: z.number().int(), name: z.string() });
export const ZMachineGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  machines: z.array(ZMachine),
});
export type TMachineGroup = z.infer<typeof ZMachineGroup>;

export const ZMaterial = z.object({ id: z.number().int(), name: z.string() });
export type TMaterial = z.infer<typeof ZMaterial>;
