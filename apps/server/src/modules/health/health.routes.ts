import { Code, message, ZHealthFailureResponse, ZHealthResponse } from '@layerline/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';

/**
 * Liveness and readiness for the load balancer (DESIGN 2): 200 only when the
 * database answers `select 1`, 503 otherwise so traffic moves elsewhere; 503
 * at once, without asking the database, from the moment the instance starts
 * shutting down (ADR 0054).
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  ping: () => Promise<void>;
  isDraining?: () => boolean;
}> = async (app, { ping, isDraining = () => false }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'Health check: the server and its database answer',
        response: { 200: ZHealthResponse, 503: ZHealthFailureResponse },
      },
    },
    async (request, reply) => {
      if (isDraining()) {
        return reply.code(503).send({
          code: Code.SERVICE_UNAVAILABLE,
          msg: message(request.locale, 'serviceUnavailable'),
          data: { status: 'draining', database: 'ok' },
        });
      }
      try {
        await ping();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({
          code: Code.SERVICE_UNAVAILABLE,
          msg: message(request.locale, 'serviceUnavailable'),
          data: { status: 'error', database: 'error' },
        });
      }
      return ok({ status: 'ok', database: 'ok' } as const);
    },
  );
};
