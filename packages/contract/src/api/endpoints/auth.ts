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
  ZStreamTicketResponse,
  ZTokensResponse,
} from '../../schemas/auth';
import type { TEndpointTable } from './types';

/** The schemas of the `auth.*` routes of ../routes. */
export const authEndpoints = {
  'auth.captcha': { response: ZCaptchaResponse },
  'auth.login': { body: ZLoginRequest, response: ZTokensResponse },
  'auth.refresh': { body: ZRefreshTokenRequest, response: ZTokensResponse },
  'auth.logout': { response: ZEmptyResponse },
  'auth.registerCode': { params: ZRegisterCodeParams, response: ZEmptyResponse },
  'auth.register': { body: ZRegisterRequest, response: ZTokensResponse },
  'auth.resetCode': { body: ZEmailCodeRequest, response: ZEmptyResponse },
  'auth.resetPassword': { body: ZForgotPasswordRequest, response: ZEmptyResponse },
  'auth.changePassword': { body: ZChangePasswordRequest, response: ZEmptyResponse },
  'auth.streamTicket': { response: ZStreamTicketResponse },
} as const satisfies TEndpointTable<'auth'>;
