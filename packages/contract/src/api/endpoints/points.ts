import {
  ZPointsLedgerQuery,
  ZPointsLedgerResponse,
  ZPointsSigninResponse,
  ZPointsSummaryResponse,
  ZPointsTasksResponse,
} from '../../schemas/points';
import type { TEndpointTable } from './types';

/** The schemas of the `points.*` routes of ../routes. */
export const pointsEndpoints = {
  'points.summary': { response: ZPointsSummaryResponse },
  'points.ledger': { query: ZPointsLedgerQuery, response: ZPointsLedgerResponse },
  'points.tasks': { response: ZPointsTasksResponse },
  'points.signin': { response: ZPointsSigninResponse },
} as const satisfies TEndpointTable<'points'>;
