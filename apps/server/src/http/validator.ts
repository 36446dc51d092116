import { controlCharacterPath, tooDeepPath } from '@layerline/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The zod validator of every route, preceded by the contract's control
 * character check on body, query and params: a NUL byte (which PostgreSQL
 * text cannot hold) or another C0 control character anywhere in the input is
 * a 400 `controlCharacters` naming the field, before any schema or handler
 * runs, so new routes are covered too. Input nested deeper than the
 * contract's MAX_INPUT_DEPTH is a 400 `inputTooDeep` before that, at any depth.
 */
const failure = (keyword: 'controlCharacters' | 'inputTooDeep', path: string) => ({
  error: [
    {
      keyword,
      instancePath: path ? `/${path.replaceAll('.', '/')}` : '',
      schemaPath: '',
      params: {},
      message: keyword,
    },
  ],
});

export const safeValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart === 'headers') return validate;
  return (data: unknown) => {
    // Nesting first: the checks after it, and zod, recurse.
    const deep = tooDeepPath(data);
    if (deep !== undefined) return failure('inputTooDeep', deep);
    const found = controlCharacterPath(data);
    if (found !== undefined) return failure('controlCharacters', found);
    return validate(data);
  };
};
