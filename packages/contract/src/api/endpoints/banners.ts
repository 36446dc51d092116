import type { TEndpointTable } from './types';

/** The schemas of the `banners.*` routes of ../routes. */
export const bannersEndpoints = {} as const satisfies TEndpointTable<'banners'>;
