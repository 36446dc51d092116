import { z } from 'zod';
import { ZListEnvelope } from '../envelope';

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

/** GET /api/v1/categroy/all (SPEC 7, path as spelled there): parents by sort, with Children. */
export const ZCategoryListResponse = ZListEnvelope(ZCategory);
/** GET /api/v1/machine/machine_group. */
export const ZMachineGroupListResponse = ZListEnvelope(ZMachineGroup);
/** GET /api/v1/material/list. */
export const ZMaterialListResponse = ZListEnvelope(ZMaterial);
