import type { TEndpointTable } from './types';

/** The schemas of the `feed.*` routes of ../routes. */
export const feedEndpoints = {} as const satisfies TEndpointTable<'feed'>;
