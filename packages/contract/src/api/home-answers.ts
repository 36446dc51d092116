import { BANNER_TYPES, LIMITS } from '../constants';
import { apiPath } from './routes';

/**
 * The GETs the home screen makes as it starts for a visitor (SPEC 2 Home:
 * carousel, banners, collection strip, category bar, feed page 1). The server
 * puts their answers into the home's HTML, so the first render has them
 * without a round trip; the web takes an answer from there instead of the
 * network once. `personal`: the answer differs for a signed-in user (the
 * feed's like and favourite flags), so only a visitor may take it.
 */
export const HOME_ANSWER_REQUESTS = [
  { path: apiPath('banners.list'), query: { type: BANNER_TYPES.carousel }, personal: false },
  { path: apiPath('banners.list'), query: { type: BANNER_TYPES.banner }, personal: false },
  { path: apiPath('collections.list'), query: {}, personal: false },
  { path: apiPath('catalog.categories'), query: {}, personal: false },
  {
    path: apiPath('feed.home'),
    query: { page: 1, pageSize: LIMITS.feedPageSize },
    personal: true,
  },
] as const;

/** How long after the page arrived its answers may still be taken instead of a request. */
export const HOME_ANSWERS_MAX_AGE_MS = 30_000;

/** The id of the `<script type="application/json">` that carries them. */
export const HOME_ANSWERS_ELEMENT_ID = 'home-answers';

/** What that element holds: the answers' language (DESIGN 3) and each answer's envelope by key. */
export type THomeAnswers = { locale: string; answers: Record<string, unknown> };

/**
 * One key for a GET however its query was written: the path and the query's
 * parameters in name order ('/api/v1/works/home?page=1&pageSize=50').
 */
export function homeAnswerKey(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf('?');
  if (at < 0) return pathAndQuery;
  const params = new URLSearchParams(pathAndQuery.slice(at + 1));
  params.sort();
  const query = params.toString();
  return query ? `${pathAndQuery.slice(0, at)}?${query}` : pathAndQuery.slice(0, at);
}

/** The URL (path and query) of one of HOME_ANSWER_REQUESTS. */
export function homeAnswerUrl(request: (typeof HOME_ANSWER_REQUESTS)[number]): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) params.append(name, String(value));
  const query = params.toString();
  return query ? `${request.path}?${query}` : request.path;
}
