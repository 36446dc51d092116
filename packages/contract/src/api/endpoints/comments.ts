import type { TEndpointTable } from './types';

/** The schemas of the `comments.*` routes of ../routes. */
export const commentsEndpoints = {} as const satisfies TEndpointTable<'comments'>;
