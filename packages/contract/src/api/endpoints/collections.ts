import { ZCollectionListResponse } from '../../schemas/collections';
import { ZIdParam } from '../../schemas/common';
import { ZCollectionInfoResponse, ZCollectionWorksQuery } from '../../schemas/discovery';
import { ZWorkListResponse } from '../../schemas/works';
import type { TEndpointTable } from './types';

/** The schemas of the `collections.*` routes of ../routes. */
export const collectionsEndpoints = {
  'collections.list': { response: ZCollectionListResponse },
  'collections.info': { params: ZIdParam, response: ZCollectionInfoResponse },
  'collections.works': {
    params: ZIdParam,
    query: ZCollectionWorksQuery,
    response: ZWorkListResponse,
  },
} as const satisfies TEndpointTable<'collections'>;
