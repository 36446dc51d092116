import {
  type API_ENDPOINTS,
  API_ROUTES,
  apiPath,
  type TApiEndpointName,
  type TApiMethod,
  type TApiPathParams,
} from '@layerline/contract';
import type { z } from 'zod';
import type { TApiClient, TQuery, TRequestOptions } from './types';

/**
 * Calls derived from the contract's endpoint table (ADR 0021): the method and
 * path come from API_ROUTES, the input and answer types from the endpoint's
 * schemas. In development and tests every answer is checked against its
 * schema, so a server and web that drift apart fail loudly; the production
 * build leaves the schemas (and zod) out.
 */

type TSchemas<K extends TApiEndpointName> = (typeof API_ENDPOINTS)[K];

/** Endpoints that answer a JSON envelope (not a stream or a file). */
export type TJsonEndpoint = {
  [K in TApiEndpointName]: TSchemas<K> extends { response: z.ZodType } ? K : never;
}[TApiEndpointName];

/** The envelope an endpoint answers, as its response schema describes it. */
export type TAnswer<K extends TJsonEndpoint> =
  TSchemas<K> extends {
    response: infer R extends z.ZodType;
  }
    ? z.output<R>
    : never;

/** Its `data`. */
export type TAnswerData<K extends TJsonEndpoint> = TAnswer<K> extends { data: infer D } ? D : never;

type TParamsInput<K extends TApiEndpointName> = keyof TApiPathParams<K> extends never
  ? { params?: undefined }
  : { params: TApiPathParams<K> };

type TQueryInput<K extends TApiEndpointName> =
  TSchemas<K> extends {
    query: infer Q extends z.ZodType;
  }
    ? { query?: z.input<Q> }
    : { query?: undefined };

type TBodyInput<K extends TApiEndpointName> =
  TSchemas<K> extends {
    body: infer B extends z.ZodType;
  }
    ? { body: z.input<B> }
    : { body?: undefined };

export type TCallInput<K extends TApiEndpointName> = TParamsInput<K> &
  TQueryInput<K> &
  TBodyInput<K>;

/** Whether a call can be made without an input object. */
type TInputArgs<K extends TJsonEndpoint> =
  object extends TCallInput<K>
    ? [input?: TCallInput<K>, options?: TRequestOptions]
    : [input: TCallInput<K>, options?: TRequestOptions];

/** Development and tests check answers; the production build drops the check and its import. */
const CHECK_ANSWERS = import.meta.env.DEV || import.meta.env.MODE === 'test';

export class ContractDriftError extends Error {
  constructor(
    readonly endpoint: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    super(
      `${endpoint}: the answer does not match the contract: ${issues
        .slice(0, 5)
        .map((issue) => `${issue.path.map(String).join('.') || '(root)'} ${issue.message}`)
        .join('; ')}`,
    );
    this.name = 'ContractDriftError';
  }
}

/**
 * Drift seen since the last `takeContractDrifts()`. A screen may swallow the
 * thrown error into its error state; the test set-up fails the test on any
 * drift left here.
 */
const drifts: ContractDriftError[] = [];

export function takeContractDrifts(): ContractDriftError[] {
  return drifts.splice(0);
}

/** Throws ContractDriftError when an answer is not what the endpoint's schema says. */
export async function checkAnswer(name: TJsonEndpoint, answer: unknown): Promise<void> {
  const { API_ENDPOINTS: table } = await import('@layerline/contract');
  const schema: z.ZodType = table[name].response;
  const result = schema.safeParse(answer);
  if (result.success) return;
  const drift = new ContractDriftError(name, result.error.issues);
  drifts.push(drift);
  console.error(drift.message);
  throw drift;
}

/** A call's path, its request options and its body. */
function callParts(
  name: TJsonEndpoint,
  input: object | undefined,
  options: TRequestOptions,
): { path: string; requestOptions: TRequestOptions; body: unknown } {
  const { params, query, body } = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: unknown;
    body?: unknown;
  };
  const path = apiPath(name, params as never);
  const requestOptions: TRequestOptions =
    query === undefined ? options : { ...options, query: query as TQuery };
  return { path, requestOptions, body };
}

export function createEndpointCaller(client: TApiClient) {
  return async function callApi<K extends TJsonEndpoint>(
    name: K,
    ...[input, options = {}]: TInputArgs<K>
  ): Promise<TAnswer<K>> {
    const { path, requestOptions, body } = callParts(name, input, options);
    let answer: unknown;
    const method = API_ROUTES[name].method as TApiMethod;
    switch (method) {
      case 'GET':
        answer = await client.get(path, requestOptions);
        break;
      case 'POST':
        answer = await client.post(path, body, requestOptions);
        break;
      case 'PUT':
        answer = await client.put(path, body, requestOptions);
        break;
      case 'DELETE':
        answer = await client.del(path, { ...requestOptions, body });
        break;
    }
    if (CHECK_ANSWERS) await checkAnswer(name, answer);
    return answer as TAnswer<K>;
  };
}

/**
 * `TApiClient.peek` by endpoint: the answer a GET endpoint has at once (one
 * the home's HTML brought, or a cached one), or undefined. Checked against
 * its schema like a call's answer; a drift is recorded for the test set-up.
 */
export function createEndpointPeeker(client: TApiClient) {
  return function peekApi<K extends TJsonEndpoint>(
    name: K,
    ...[input, options = {}]: TInputArgs<K>
  ): TAnswer<K> | undefined {
    if (API_ROUTES[name].method !== 'GET') return undefined;
    const { path, requestOptions } = callParts(name, input, options);
    const answer = client.peek(path, requestOptions);
    if (answer === undefined) return undefined;
    if (CHECK_ANSWERS) checkAnswer(name, answer).catch(() => undefined);
    return answer as TAnswer<K>;
  };
}
