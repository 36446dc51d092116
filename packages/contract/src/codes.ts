/**
 * Codes carried in the envelope's `code` (SPEC 8, DESIGN 3). The HTTP status
 * mirrors the class; `code` carries SPEC's own value where it has one.
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  SENSITIVE_WORDS: 406,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /** SPEC 8: 1001 on captcha, or generally 'get captcha error'. */
  CAPTCHA_ERROR: 1001,
  /** SPEC 8: 1002 the e-mail code failed to send (register, reset). */
  EMAIL_CODE_SEND_FAILED: 1002,
  /** SPEC 8: 1003 e-mail already exists (register). */
  EMAIL_EXISTS: 1003,
  /** SPEC 8: 1004 or 1007 e-mail does not exist (reset). */
  EMAIL_NOT_FOUND: 1004,
  EMAIL_NOT_FOUND_ALT: 1007,
  /** SPEC 8: 1005 e-mail code wrong. */
  EMAIL_CODE_WRONG: 1005,
  /** SPEC 8: 1006 captcha wrong. */
  CAPTCHA_WRONG: 1006,
  /** SPEC 8: 1008 account or password error; old password error on change. */
  ACCOUNT_OR_PASSWORD: 1008,
} as const;

export type TCode = (typeof Code)[keyof typeof Code];

/** HTTP status for an envelope code: SPEC's 10xx business codes answer 400. */
export function httpStatusFor(code: number): number {
  if (code === Code.OK) return 200;
  if (code >= 1000) return 400;
  return code;
}

/** SPEC 8: a 500 whose msg is this (as spelled) is treated as 401 by the client. */
export const LEGACY_NOT_LOGGED_IN_MSG = 'you perssion enough or not login';
