import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';

/** Largest id a serial (int4) column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * Every id in a path, query or body: a positive integer in the range of the
 * int4 id columns, so 2147483648 is a 400, never a database error.
 */
export const ZId = z.coerce.number().int().positive().max(MAX_ID);

/** Path parameter that must be a positive integer id. */
export const ZIdParam = z.object({ id: ZId });

/**
 * C0 control characters (and DEL) that no text field accepts: NUL cannot be
 * stored in PostgreSQL text at all, the others are never typed by a person.
 * Tab, line feed and carriage return stay allowed (multi-line text).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Half of a surrogate pair on its own (JSON lets a request write `\ud800`):
 * not text in any encoding, and PostgreSQL refuses to store it.
 */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const isUnfitText = (text: string) => CONTROL_CHARACTERS.test(text) || LONE_SURROGATE.test(text);

/**
 * Deepest nesting of arrays and objects any request's input may have: the
 * contract's deepest body is a few levels; a body like `[[[[…` thousands deep
 * would exhaust the stack of any recursive check or schema. Ours.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Path of the first array or object nested deeper than `maxDepth` in a
 * request's input (`''` when the value itself is), undefined when none is.
 * Walks with its own stack, so any depth is answered, never a RangeError;
 * every request's body, query and params are checked with this first
 * (message `inputTooDeep`).
 */
export function tooDeepPath(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | undefined {
  const stack: Array<{ item: unknown; path: string; depth: number }> = [
    { item: value, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { item, path, depth } = stack.pop() as { item: unknown; path: string; depth: number };
    if (item === null || typeof item !== 'object') continue;
    if (depth >= maxDepth) return path;
    for (const [key, child] of Object.entries(item)) {
      stack.push({ item: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Path (e.g. `items.0.name`, `''` for the value itself) of the first string,
 * or object key, in a request's input that holds a control character;
 * undefined when there is none. Every request's body, query and params are
 * checked with this before their schema (message `controlCharacters`).
 */
export function controlCharacterPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return isUnfitText(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], path ? `${path}.${i}` : String(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (isUnfitText(key)) return itemPath;
    const found = controlCharacterPath(item, itemPath);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** SPEC 7 list queries: page (from 1) and pageSize. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.feedPageSize),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export const ZHealth = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type THealth = z.infer<typeof ZHealth>;
/**
 * GET /healthz: 200 with ZHealth, or 503 with ZHealthFailure when the database
 * does not answer (`error`) or the instance is shutting down (`draining`, ADR 0054).
 */
export const ZHealthResponse = ZEnvelope(ZHealth);
export const ZHealthFailure = z.object({
  status: z.enum(['error', 'draining']),
  database: z.enum(['error', 'ok']),
});
export const ZHealthFailureResponse = ZEnvelope(ZHealthFailure);
