import type { TPageQuery } from '@layerline/contract';

/** A page as a query reads it: how many rows, after how many. */
export type TPage = { limit: number; offset: number };

/** SPEC 7 paging (1-based `page`, `pageSize`) as the rows a query reads. */
export const pageOf = (query: TPageQuery): TPage => ({
  limit: query.pageSize,
  offset: (query.page - 1) * query.pageSize,
});
