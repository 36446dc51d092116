import { ZHomeQuery } from '../../schemas/discovery';
import { ZWorkListResponse } from '../../schemas/works';
import type { TEndpointTable } from './types';

/** The schemas of the `feed.*` routes of ../routes. */
export const feedEndpoints = {
  'feed.home': { query: ZHomeQuery, response: ZWorkListResponse },
} as const satisfies TEndpointTable<'feed'>;
