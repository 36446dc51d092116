import type { TEndpointTable } from './types';

/** The schemas of the `search.*` routes of ../routes. */
export const searchEndpoints = {} as const satisfies TEndpointTable<'search'>;
