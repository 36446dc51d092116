import type { TEndpointTable } from './types';

/** The schemas of the `community.*` routes of ../routes. */
export const communityEndpoints = {} as const satisfies TEndpointTable<'community'>;
