import type { ZodType } from 'zod';
import type { TApiRouteName } from '../routes';

/**
 * The schemas of one endpoint: what the server validates and documents, and
 * what the web checks answers against in development and tests.
 */
export interface TEndpointSchemas {
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /** The 200 answer's envelope; absent for streams, files and binary answers. */
  readonly response?: ZodType;
}

/** One domain's part of the table: only its own routes, each at most once. */
export type TEndpointTable<D extends string> = {
  readonly [K in Extract<TApiRouteName, `${D}.${string}`>]?: TEndpointSchemas;
};
