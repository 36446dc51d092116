import { ZReportCreatedResponse, ZReportRequest } from '../../schemas/admin';
import { ZIdParam } from '../../schemas/common';
import {
  ZModerationListResponse,
  ZModerationQuery,
  ZRejectWorkRequest,
  ZReviewDecisionResponse,
} from '../../schemas/works';
import type { TEndpointTable } from './types';

/** The schemas of the `moderation.*` routes of ../routes. */
export const moderationEndpoints = {
  'moderation.works': { query: ZModerationQuery, response: ZModerationListResponse },
  'moderation.approve': { params: ZIdParam, response: ZReviewDecisionResponse },
  'moderation.reject': {
    params: ZIdParam,
    body: ZRejectWorkRequest,
    response: ZReviewDecisionResponse,
  },
  'moderation.report': { body: ZReportRequest, response: ZReportCreatedResponse },
} as const satisfies TEndpointTable<'moderation'>;
