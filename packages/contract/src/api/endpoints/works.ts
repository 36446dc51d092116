import { ZIdParam } from '../../schemas/common';
import {
  ZAppealRequest,
  ZAppealResponse,
  ZAuthorCardResponse,
  ZAuthorWorksQuery,
  ZCreateWorkRequest,
  ZDeleteWorkResponse,
  ZDownloadQuery,
  ZUpdateWorkRequest,
  ZWorkDetailResponse,
  ZWorkListQuery,
  ZWorkListResponse,
} from '../../schemas/works';
import type { TEndpointTable } from './types';

/** The schemas of the `works.*` routes of ../routes. */
export const worksEndpoints = {
  'works.create': { body: ZCreateWorkRequest, response: ZWorkDetailResponse },
  'works.update': { body: ZUpdateWorkRequest, response: ZWorkDetailResponse },
  'works.list': { query: ZWorkListQuery, response: ZWorkListResponse },
  'works.detail': { params: ZIdParam, response: ZWorkDetailResponse },
  'works.delete': { params: ZIdParam, response: ZDeleteWorkResponse },
  'works.author': { params: ZIdParam, response: ZAuthorCardResponse },
  'works.authorWorks': { params: ZIdParam, query: ZAuthorWorksQuery, response: ZWorkListResponse },
  // The file itself (or a ZIP), not an envelope.
  'works.download': { params: ZIdParam, query: ZDownloadQuery },
  'works.appeal': { body: ZAppealRequest, response: ZAppealResponse },
} as const satisfies TEndpointTable<'works'>;
