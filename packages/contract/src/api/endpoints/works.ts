import type { TEndpointTable } from './types';

/** The schemas of the `works.*` routes of ../routes. */
export const worksEndpoints = {} as const satisfies TEndpointTable<'works'>;
