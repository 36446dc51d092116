import type { FastifyInstance } from 'fastify';
import { admissionSettings, registerAdmission } from '../http/admission';
import { registerOpenApi } from '../http/openapi';
import { fileOriginsOf, registerSecurityHeaders } from '../http/security-headers';
import type { AdmissionGate } from '../lib/admission-gate';
import { registerDrain } from '../lib/drain';
import { type AccessAuthenticator, registerAuthGuard } from '../modules/auth';
import { healthRoutes } from '../modules/health';
import type { TInfra } from './module';

/**
 * What every request goes through before any module's route (ADR 0048):
 * security headers (ADR 0010), the caller resolved from the access token,
 * the API docs (opt-in in production, API_DOCS=1), the shutdown state
 * (`Connection: close` while draining, ADR 0054) and the load balancer's
 * health check. On the root, before the /api/v1 context is made, so its
 * routes inherit the hooks.
 */
export async function registerHttp(
  app: FastifyInstance,
  infra: Pick<TInfra, 'config' | 'database'>,
  authenticator: AccessAuthenticator,
): Promise<{ admission: AdmissionGate }> {
  const { config } = infra;
  const drain = registerDrain(app);
  await registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
    isProduction: config.isProduction,
    fileOrigins: fileOriginsOf(config.s3),
  });
  // ADR 0050: API writes wait for a place at this instance's admission gate,
  // or get 503; registered before the auth guard, so a write refused on
  // arrival (gate and queue full) costs no session check.
  const admission = registerAdmission(app, admissionSettings(config));
  registerAuthGuard(app, authenticator);
  if (config.apiDocs) {
    await registerOpenApi(app, { title: config.productTitle, publicUrl: config.publicUrl });
  }
  await app.register(healthRoutes, {
    ping: infra.database.ping,
    isDraining: () => drain.isDraining,
  });
  return { admission };
}
