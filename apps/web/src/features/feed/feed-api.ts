import { apiPath, type THomeQuery } from '@layerline/contract';
import { callApi, peekApi, type TAnswer } from '../../lib/api';
import type { TFeedPage, TFeedParams } from './feed-cache';
import type { TFeedRequest } from './feed-controller';

/** SPEC 7 Works: the home feed, category filter and search. */
export const FEED_PATH = apiPath('feed.home');

/**
 * SPEC 7 sends either the search text or the category: while searching the
 * category is left out. `relevance` only orders search results, so without a
 * search it falls back to the server's default.
 */
export function feedParams(state: {
  query: string;
  category: number | null;
  sort: TFeedParams['sort'];
}): TFeedParams {
  const sort = state.sort === 'relevance' && !state.query ? null : state.sort;
  return state.query
    ? { query: state.query, category: null, sort }
    : { query: '', category: state.category, sort };
}

/**
 * GET feed.home. The feed keeps its pages with SPEC 4's ages
 * (feed-cache.ts); errors are shown in the
 * grid with SPEC 8's feed texts, so the client's toast and /404 redirect are off.
 */
export async function fetchFeedPage(
  request: TFeedRequest,
  signal: AbortSignal,
): Promise<TFeedPage> {
  return feedPage(
    await callApi('feed.home', { query: homeQuery(request) }, { signal, ...OPTIONS }),
  );
}

/** The page the home's HTML brought for this request, if it did (`peekApi`). */
export function peekFeedPage(request: TFeedRequest): TFeedPage | undefined {
  const envelope = peekApi('feed.home', { query: homeQuery(request) }, OPTIONS);
  return envelope && feedPage(envelope);
}

const OPTIONS = { silent: true, redirectOnNotFound: false } as const;

function homeQuery(request: TFeedRequest): THomeQuery {
  const query: THomeQuery = { page: request.page, pageSize: request.pageSize };
  if (request.query) query.query = request.query;
  else if (request.category !== null) query.category = request.category;
  if (request.sort) query.sort = request.sort;
  return query;
}

function feedPage(envelope: TAnswer<'feed.home'>): TFeedPage {
  return { data: envelope.data, total: envelope.total ?? envelope.data.length };
}
