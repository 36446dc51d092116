import type { TEndpointTable } from './types';

/** The schemas of the `auth.*` routes of ../routes. */
export const authEndpoints = {} as const satisfies TEndpointTable<'auth'>;
