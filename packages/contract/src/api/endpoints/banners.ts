import { ZBannerListQuery, ZBannerListResponse } from '../../schemas/banners';
import type { TEndpointTable } from './types';

/** The schemas of the `banners.*` routes of ../routes. */
export const bannersEndpoints = {
  'banners.list': { query: ZBannerListQuery, response: ZBannerListResponse },
} as const satisfies TEndpointTable<'banners'>;
