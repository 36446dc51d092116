import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createNotFoundHandler } from '../http/error-handler';
import type { KeptAnswers } from '../http/kept-answers';
import type { AdmissionGate } from '../lib/admission-gate';
import { AppMetrics, METRICS_CONTENT_TYPE, type TAiQueue, type TPoolLoad } from '../lib/metrics';
import type { TInfra } from './module';

export const METRICS_PATH = '/metrics';

/** What the modules show the metrics, once they are built. */
export type TMetricSources = {
  kept: KeptAnswers;
  uploadPool: TPoolLoad;
  aiQueue: TAiQueue;
  admission: AdmissionGate;
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * DESIGN 2 metrics, ADR 0055. With METRICS_TOKEN set, every answer is timed
 * by its route's template, the database pool is watched, and GET /metrics
 * answers the bearer of the token in Prometheus's text format; anyone else
 * gets the 404 of an unknown path. Unset, nothing is measured and
 * /metrics is that 404 for everyone. Registered before any route, so the
 * timing hook covers all of them; `watch` adds the modules' figures once
 * they are built.
 */
export function registerMetrics(
  app: FastifyInstance,
  infra: Pick<TInfra, 'config' | 'database' | 'log'>,
): { watch(sources: TMetricSources): void } | undefined {
  const notFound = createNotFoundHandler();
  const token = infra.config.metricsToken;
  if (!token) {
    app.get(METRICS_PATH, { schema: { hide: true } }, notFound);
    return undefined;
  }
  const metrics = new AppMetrics();
  app.addHook('onClose', async () => metrics.close());
  if (infra.database.pool) metrics.watchDatabasePool(infra.database.pool);
  // Callback style: no promise per request. routeOptions.url is the template (`/works/:id`).
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(
      request.routeOptions.url,
      request.method,
      reply.statusCode,
      reply.elapsedTime,
    );
    done();
  });
  const expected = digest(token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const [scheme, given] = (request.headers.authorization ?? '').split(' ');
    // Compared as digests: the same length, in constant time.
    if (scheme?.toLowerCase() !== 'bearer' || !given || !timingSafeEqual(digest(given), expected)) {
      return notFound(request, reply);
    }
    reply.header('cache-control', 'no-store').type(METRICS_CONTENT_TYPE);
    return metrics.text();
  });
  return {
    watch: ({ kept, uploadPool, aiQueue, admission }) => {
      metrics.watchAdmission(() => admission.stats);
      metrics.watchCaches({
        responses: kept.responses?.entries,
        searches: kept.searches,
        term_sets: kept.termSets,
        titles: kept.titles,
      });
      metrics.watchWorkerPools({ uploads: uploadPool });
      metrics.watchAiQueue(aiQueue, (error) =>
        infra.log.warn({ err: error }, 'metrics: the AI queue depth could not be read'),
      );
    },
  };
}
