import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../../http/error-handler';
import { type AccessAuthenticator, bearerToken } from '../../kernel/request-auth';

/**
 * Resolves `request.auth` before any route runs. A bad or expired token
 * leaves it null rather than failing, so public routes still answer a visitor;
 * routes that need a user say so with `requireAuth` or `requireRole`.
 */
export function registerAuthGuard(app: FastifyInstance, authenticator: AccessAuthenticator): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token || !isApiPath(request.url.split('?')[0] ?? '')) return;
    request.auth = await authenticator.authenticate(token);
  });
}
