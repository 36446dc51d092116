import {
  ZDeleteSearchRecordRequest,
  ZDeleteSearchRecordResponse,
  ZSearchRecordListResponse,
  ZSearchWordsResponse,
} from '../../schemas/discovery';
import type { TEndpointTable } from './types';

/** The schemas of the `search.*` routes of ../routes. */
export const searchEndpoints = {
  'search.history': { response: ZSearchRecordListResponse },
  'search.deleteHistory': {
    body: ZDeleteSearchRecordRequest,
    response: ZDeleteSearchRecordResponse,
  },
  'search.hot': { response: ZSearchWordsResponse },
  'search.guess': { response: ZSearchWordsResponse },
} as const satisfies TEndpointTable<'search'>;
