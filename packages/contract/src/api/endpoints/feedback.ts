import type { TEndpointTable } from './types';

/** The schemas of the `feedback.*` routes of ../routes. */
export const feedbackEndpoints = {} as const satisfies TEndpointTable<'feedback'>;
