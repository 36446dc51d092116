import {
  ZCategoryListResponse,
  ZMachineGroupListResponse,
  ZMaterialListResponse,
} from '../../schemas/catalog';
import type { TEndpointTable } from './types';

/** The schemas of the `catalog.*` routes of ../routes. */
export const catalogEndpoints = {
  'catalog.categories': { response: ZCategoryListResponse },
  'catalog.machineGroups': { response: ZMachineGroupListResponse },
  'catalog.materials': { response: ZMaterialListResponse },
} as const satisfies TEndpointTable<'catalog'>;
