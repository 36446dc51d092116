import type { TEndpointTable } from './types';

/** The schemas of the `moderation.*` routes of ../routes. */
export const moderationEndpoints = {} as const satisfies TEndpointTable<'moderation'>;
