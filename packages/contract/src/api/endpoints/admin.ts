import type { TEndpointTable } from './types';

/** The schemas of the `admin.*` routes of ../routes. */
export const adminEndpoints = {} as const satisfies TEndpointTable<'admin'>;
