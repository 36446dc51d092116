import type { TEndpointTable } from './types';

/** The schemas of the `users.*` routes of ../routes. */
export const usersEndpoints = {} as const satisfies TEndpointTable<'users'>;
