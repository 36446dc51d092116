import type { TEndpointTable } from './types';

/** The schemas of the `points.*` routes of ../routes. */
export const pointsEndpoints = {} as const satisfies TEndpointTable<'points'>;
