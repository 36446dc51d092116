import {
  API_ENDPOINTS,
  API_PREFIX,
  API_ROUTES,
  type TApiEndpointName,
  type TApiRouteName,
} from '@layerline/contract';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** What the OpenAPI document says of a route beside its schemas. */
export interface TEndpointDocs {
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description?: string;
  readonly consumes?: readonly string[];
  readonly produces?: readonly string[];
  readonly hide?: boolean;
}

/** Marks a route's schema as made from the contract's table (ADR 0021). */
export const ENDPOINT_NAME = Symbol('endpoint');

type TEndpoint<K extends TApiEndpointName> = (typeof API_ENDPOINTS)[K];

type TSchemaOf<E> = (E extends { params: infer P } ? { params: P } : unknown) &
  (E extends { query: infer Q } ? { querystring: Q } : unknown) &
  (E extends { body: infer B } ? { body: B } : unknown) &
  (E extends { response: infer R } ? { response: { 200: R } } : unknown);

/**
 * The method, path and schemas of one contract endpoint, for `app.route`:
 *
 *     app.route({ ...endpoint('collections.info', docs), config, handler })
 *
 * Routes are registered below API_PREFIX, so the url is the table's path.
 */
export function endpoint<K extends TApiEndpointName, const D extends TEndpointDocs>(
  name: K,
  docs: D,
) {
  const { method, path } = API_ROUTES[name];
  const schemas: { params?: unknown; query?: unknown; body?: unknown; response?: unknown } =
    API_ENDPOINTS[name];
  const schema = {
    ...docs,
    ...(schemas.params ? { params: schemas.params } : {}),
    ...(schemas.query ? { querystring: schemas.query } : {}),
    ...(schemas.body ? { body: schemas.body } : {}),
    ...(schemas.response ? { response: { 200: schemas.response } } : {}),
    [ENDPOINT_NAME]: name,
  };
  return {
    method,
    url: path,
    schema: schema as unknown as TSchemaOf<TEndpoint<K>> & D,
  };
}

function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

const CONTRACT_ROUTES = new Map<string, TApiRouteName>(
  (Object.keys(API_ROUTES) as TApiRouteName[]).map((name) => [
    routeKey(API_ROUTES[name].method, `${API_PREFIX}${API_ROUTES[name].path}`),
    name,
  ]),
);

/**
 * Refuses, at start, an API route that is not one of the contract's endpoints
 * or was not registered through `endpoint()` (ADR 0021). HEAD twins of GET
 * routes are fastify's own.
 */
export function enforceContractRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith(`${API_PREFIX}/`)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const declared = CONTRACT_ROUTES.get(routeKey(method, route.url));
      const marked = (route.schema as { [ENDPOINT_NAME]?: string } | undefined)?.[ENDPOINT_NAME];
      if (!declared || marked !== declared) {
        throw new Error(
          `${method} ${route.url} is not registered from the contract's endpoint table`,
        );
      }
    }
  });
}
