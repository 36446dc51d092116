import {
  ZCaptchaResponse,
  ZChangePasswordRequest,
  ZEmailCodeRequest,
  ZEmptyResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZRefreshTokenRequest,
  ZRegisterCodeParams,
  ZRegisterRequest,
  ZTokensResponse,
} from '@layerline/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { authOf, bearerToken, requireAuth } from './auth.guard';
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

  app.get(
    '/user/captcha',
    {
      schema: {
        tags,
        summary: 'Login captcha: data is an SVG data URL, id goes back as uuid',
        response: { 200: ZCaptchaResponse },
      },
    },
    async (request) => {
      const { id, image } = await captcha.create(request.ip);
      return ok(image, { id });
    },
  );

  app.post(
    '/user/login',
    {
      schema: {
        tags,
        summary: 'Log in with e-mail, encrypted password and captcha',
        body: ZLoginRequest,
        response: { 200: ZTokensResponse },
      },
    },
    async (request) => ok(await auth.login(request.body, context(request))),
  );

  app.post(
    '/user/refresh_token',
    {
      schema: {
        tags,
        summary: 'Rotate the refresh token (body refresh_token or Authorization: Bearer)',
        body: ZRefreshTokenRequest,
        response: { 200: ZTokensResponse },
      },
    },
    async (request) => ok(await tokens.rotate(refreshTokenOf(request, request.body))),
  );

  app.get(
    '/user/logout',
    {
      schema: {
        tags,
        summary: 'End every session of the caller; succeeds without a session too',
        response: { 200: ZEmptyResponse },
      },
    },
    async (request) => {
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
  );

  app.get(
    '/user/register/email/:email',
    {
      schema: {
        tags,
        summary: 'Send a register code to the address (1003 when it has an account)',
        params: ZRegisterCodeParams,
        response: { 200: ZEmptyResponse },
      },
    },
    async (request) => {
      await auth.sendRegisterCode(request.params.email, context(request));
      return ok(null);
    },
  );

  app.post(
    '/user/register',
    {
      schema: {
        tags,
        summary: 'Create an account with the e-mail code; answers tokens (logged in)',
        body: ZRegisterRequest,
        response: { 200: ZTokensResponse },
      },
    },
    async (request) => ok(await auth.register(request.body, context(request))),
  );

  app.post(
    '/user/emailCaptcha',
    {
      schema: {
        tags,
        summary: 'Send a password-reset code (1004 when no account has the address)',
        body: ZEmailCodeRequest,
        response: { 200: ZEmptyResponse },
      },
    },
    async (request) => {
      await auth.sendResetCode(request.body.email, context(request));
      return ok(null);
    },
  );

  app.put(
    '/user/updatePwdByEmail',
    {
      schema: {
        tags,
        summary: 'Forgot password: set a new one with the e-mail code; ends every session',
        body: ZForgotPasswordRequest,
        response: { 200: ZEmptyResponse },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body, context(request));
      return ok(null);
    },
  );

  app.put(
    '/user/updatePwd',
    {
      onRequest: requireAuth,
      schema: {
        tags,
        summary: 'Change password (logged in); ends every session',
        body: ZChangePasswordRequest,
        response: { 200: ZEmptyResponse },
      },
    },
    async (request) => {
      await auth.changePassword(authOf(request).userId, request.body);
      return ok(null);
    },
  );
};
