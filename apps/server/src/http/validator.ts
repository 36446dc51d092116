import { controlCharacterPath } from '@layerline/contract';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * The zod validator of every route, preceded by the contract's control
 * character check on body, query and params: a NUL byte (which PostgreSQL
 * text cannot hold) or another C0 control character anywhere in the input is
 * a 400 `controlCharacters` naming the field, before any schema or handler
 * runs, so new routes are covered too.
 */
export const safeValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  if (route.httpPart === 'headers') return validate;
  return (data: unknown) => {
    const found = controlCharacterPath(data);
    if (found !== undefined) {
      return {
        error: [
          {
            keyword: 'controlCharacters',
            instancePath: found ? `/${found.replaceAll('.', '/')}` : '',
            schemaPath: '',
            params: {},
            message: 'controlCharacters',
          },
        ],
      };
    }
    return validate(data);
  };
};
