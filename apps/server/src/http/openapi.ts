import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI document built from the routes' zod schemas (DESIGN 4), with the UI
 * at /api/docs and the JSON at /api/docs/json. Must be registered before any
 * route, as it collects them as they are added.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { title: string; publicUrl: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${options.title} API`,
        description:
          'Every JSON response is the envelope {code, msg, data}; lists add total. ' +
          'msg is localised by the Content-Language header (zh or en).',
        version: 'v1',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  // Its own CSP with hashes of its inline scripts and styles, in place of the app's.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
}
