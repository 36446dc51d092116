import type { TEndpointTable } from './types';

/** The schemas of the `social.*` routes of ../routes. */
export const socialEndpoints = {} as const satisfies TEndpointTable<'social'>;
