import {
  ZAiFeaturesResponse,
  ZAiJobCreateBody,
  ZAiJobDeletedResponse,
  ZAiJobIdParams,
  ZAiJobResponse,
  ZAiJobStreamQuery,
  ZAiJobsQuery,
  ZAiJobsResponse,
} from '../../schemas/ai-jobs';
import type { TEndpointTable } from './types';

/** The schemas of the `ai.*` routes of ../routes. */
export const aiEndpoints = {
  'ai.features': { response: ZAiFeaturesResponse },
  'ai.create': { body: ZAiJobCreateBody, response: ZAiJobResponse },
  'ai.list': { query: ZAiJobsQuery, response: ZAiJobsResponse },
  'ai.get': { params: ZAiJobIdParams, response: ZAiJobResponse },
  // Server-Sent Events: no JSON answer.
  'ai.events': { params: ZAiJobIdParams, query: ZAiJobStreamQuery },
  'ai.cancel': { params: ZAiJobIdParams, response: ZAiJobResponse },
  'ai.delete': { params: ZAiJobIdParams, response: ZAiJobDeletedResponse },
} as const satisfies TEndpointTable<'ai'>;
