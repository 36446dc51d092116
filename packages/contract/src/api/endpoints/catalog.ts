import type { TEndpointTable } from './types';

/** The schemas of the `catalog.*` routes of ../routes. */
export const catalogEndpoints = {} as const satisfies TEndpointTable<'catalog'>;
