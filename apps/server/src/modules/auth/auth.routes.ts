import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpoint } from '../../http/endpoint';
import { ok } from '../../http/envelope';
import { authOf, bearerToken, requireAuth } from '../../kernel/request-auth';
import type { AuthService, TRequestContext } from './auth.service';
import type { CaptchaService } from './captcha.service';
import type { TokenService } from './token.service';

export type TAuthRoutesOptions = {
  auth: AuthService;
  captcha: CaptchaService;
  tokens: TokenService;
};

const context = (request: FastifyRequest): TRequestContext => ({
  ip: request.ip,
  locale: request.locale,
});

/** SPEC 7: the refresh token arrives in the body, possibly as 'Bearer <token>', or in the header. */
function refreshTokenOf(
  request: FastifyRequest,
  body: { refresh_token?: string } | null | undefined,
) {
  const fromBody = body?.refresh_token?.replace(/^Bearer\s+/i, '').trim();
  return fromBody || bearerToken(request);
}

/** SPEC 7 "Auth and user": captcha, login, refresh, logout, codes, register, passwords. */
export const authRoutes: FastifyPluginAsyncZod<TAuthRoutesOptions> = async (
  app,
  { auth, captcha, tokens },
) => {
  const tags = ['auth'];

  app.route({
    ...endpoint('auth.captcha', {
      tags,
      summary: 'Login captcha: data is an SVG data URL, id goes back as uuid',
    }),
    handler: async (request) => {
      const { id, image } = await captcha.create(request.ip);
      return ok(image, { id });
    },
  });

  app.route({
    ...endpoint('auth.login', {
      tags,
      summary: 'Log in with e-mail, encrypted password and captcha',
    }),
    handler: async (request) => ok(await auth.login(request.body, context(request))),
  });

  app.route({
    ...endpoint('auth.refresh', {
      tags,
      summary: 'Rotate the refresh token (body refresh_token or Authorization: Bearer)',
    }),
    handler: async (request) => ok(await tokens.rotate(refreshTokenOf(request, request.body))),
  });

  app.route({
    ...endpoint('auth.logout', {
      tags,
      summary: 'End every session of the caller; succeeds without a session too',
    }),
    handler: async (request) => {
      // SPEC 4: the client always reports success, so this never answers 401;
      // an access token that has just expired still identifies whose sessions to end.
      const token = bearerToken(request);
      const claims = token
        ? await tokens.readAccessToken(token, { allowExpired: true })
        : undefined;
      const userId = request.auth?.userId ?? claims?.userId;
      if (userId !== undefined) await auth.logout(userId);
      return ok(null);
    },
  });

  app.route({
    ...endpoint('auth.registerCode', {
      tags,
      summary: 'Send a register code to the address (1003 when it has an account)',
    }),
    handler: async (request) => {
      await auth.sendRegisterCode(request.params.email, context(request));
      return ok(null);
    },
  });

  app.route({
    ...endpoint('auth.register', {
      tags,
      summary: 'Create an account with the e-mail code; answers tokens (logged in)',
    }),
    handler: async (request) => ok(await auth.register(request.body, context(request))),
  });

  app.route({
    ...endpoint('auth.resetCode', {
      tags,
      summary: 'Send a password-reset code (1004 when no account has the address)',
    }),
    handler: async (request) => {
      await auth.sendResetCode(request.body.email, context(request));
      return ok(null);
    },
  });

  app.route({
    ...endpoint('auth.resetPassword', {
      tags,
      summary: 'Forgot password: set a new one with the e-mail code; ends every session',
    }),
    handler: async (request) => {
      await auth.resetPassword(request.body, context(request));
      return ok(null);
    },
  });

  app.route({
    ...endpoint('auth.changePassword', {
      tags,
      summary: 'Change password (logged in); ends every session',
    }),
    onRequest: requireAuth,
    handler: async (request) => {
      await auth.changePassword(authOf(request).userId, request.body);
      return ok(null);
    },
  });

  app.route({
    ...endpoint('auth.streamTicket', {
      tags,
      summary: 'A ticket that opens one live stream of this session (?ticket=), for 60 s',
      description:
        'EventSource cannot send the Authorization header, and an access token in a URL ' +
        'stays in access logs: live streams (GET /notify/stream, GET /ai/jobs/{id}/events) ' +
        'are opened with `?ticket=` instead. A ticket works once, within `expiresIn` ' +
        'seconds; the stream it opens lives as long as the session. Ask a new one for ' +
        'each stream and each reconnection.',
    }),
    onRequest: requireAuth,
    handler: async (request) => ok(tokens.issueStreamTicket(authOf(request))),
  });
};
