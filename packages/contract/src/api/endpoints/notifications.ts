import type { TEndpointTable } from './types';

/** The schemas of the `notifications.*` routes of ../routes. */
export const notificationsEndpoints = {} as const satisfies TEndpointTable<'notifications'>;
