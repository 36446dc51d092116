import type { TEndpointTable } from './types';

/** The schemas of the `ai.*` routes of ../routes. */
export const aiEndpoints = {} as const satisfies TEndpointTable<'ai'>;
