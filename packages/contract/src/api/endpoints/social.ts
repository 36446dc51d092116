import { ZIdParam } from '../../schemas/common';
import {
  ZFavorListParams,
  ZFavorListQuery,
  ZFavorResponse,
  ZFollowResponse,
  ZLikedListQuery,
  ZLikeResponse,
} from '../../schemas/social';
import { ZWorkListResponse } from '../../schemas/works';
import type { TEndpointTable } from './types';

/** The schemas of the `social.*` routes of ../routes. */
export const socialEndpoints = {
  'social.like': { params: ZIdParam, response: ZLikeResponse },
  'social.unlike': { params: ZIdParam, response: ZLikeResponse },
  'social.liked': { query: ZLikedListQuery, response: ZWorkListResponse },
  'social.favor': { params: ZIdParam, response: ZFavorResponse },
  'social.unfavor': { params: ZIdParam, response: ZFavorResponse },
  'social.favored': {
    params: ZFavorListParams,
    query: ZFavorListQuery,
    response: ZWorkListResponse,
  },
  'social.follow': { params: ZIdParam, response: ZFollowResponse },
  'social.unfollow': { params: ZIdParam, response: ZFollowResponse },
} as const satisfies TEndpointTable<'social'>;
