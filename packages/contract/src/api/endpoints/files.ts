import type { TEndpointTable } from './types';

/** The schemas of the `files.*` routes of ../routes. */
export const filesEndpoints = {} as const satisfies TEndpointTable<'files'>;
