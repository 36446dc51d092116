import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEnvelope } from '../envelope';
import { EMAIL_CODE_PATTERN, EMAIL_PATTERN, isCommonPassword } from './auth-checks';

/*
 * Auth payloads (SPEC 3 "Auth payloads", SPEC 7 "Auth and user", DESIGN 3).
 * Error messages are message keys (messages.ts): the web shows
 * `message(locale, issue.message)`, the server answers them as `msg`.
 *
 * Two kinds of schema: `...Form` checks what the user typed (plain values,
 * SPEC 5 rules) and is what the web validates its forms with; `...Request` is
 * what goes over the wire, where passwords are ciphertext (DESIGN 3), so their
 * length rules are checked by the server after decryption.
 */

/** Ciphertext, captcha answers and codes are short; this only keeps junk out. */
const WIRE_MAX = 512;

/** SPEC 5: 'please enter a correct email format'. Trimmed; compared case-insensitively. */
export const ZEmail = z
  .string({ error: 'emailFormat' })
  .trim()
  .max(LIMITS.emailMax, { error: 'emailFormat' })
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: 'emailFormat' }));

/** SPEC 5 / SPEC 9: a plain password is 8 to 20 characters. */
export const ZPassword = z
  .string({ error: 'passwordLength' })
  .min(LIMITS.passwordMin, { error: 'passwordLength' })
  .max(LIMITS.passwordMax, { error: 'passwordLength' });

/**
 * A password being chosen (register, reset, change, the first admin): SPEC 5's
 * 8 to 20 characters, not only whitespace, and not one of the 1,000 most
 * common passwords. Logging in and the old password keep ZPassword, so an
 * existing weak password can still be used to replace itself.
 */
export const ZNewPassword = ZPassword.refine((value) => value.trim().length > 0, {
  error: 'passwordBlank',
  abort: true,
}).refine((value) => !isCommonPassword(value), { error: 'passwordTooCommon' });

/** DESIGN 3: the AES key is 16 random letters and digits, made per submission. */
export const ENCRYPTION_KEY_PATTERN = /^[A-Za-z0-9]{16}$/;
export const ZEncryptionKey = z.string().regex(ENCRYPTION_KEY_PATTERN);

/** An encrypted password on the wire: `base64(iv):base64(ciphertext)` (DESIGN 3). */
const ZCipherText = z.string().max(WIRE_MAX);

/** SPEC 4: the e-mail verification code has 6 digits. */
export const ZEmailCode = z
  .string({ error: 'emailCodeRequired' })
  .trim()
  .regex(EMAIL_CODE_PATTERN, { error: 'emailCodeRequired' });

/** SPEC 5: the agreement box must be ticked on login and register. */
const ZAgreed = z.literal(true, { error: 'agreementRequired' });

/**
 * POST /api/v1/user/login. `code` is the captcha answer and `uuid` the
 * captcha id (DESIGN 3); a missing or wrong one answers 1006.
 */
export const ZLoginRequest = z.object({
  username: ZEmail,
  password: ZCipherText,
  code: z.string().max(64).optional(),
  uuid: z.string().max(64).optional(),
  encryptionKey: z.string().max(64),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The login panel as typed (SPEC 2, 5). */
export const ZLoginForm = z.object({
  username: ZEmail,
  password: ZPassword,
  code: z.string().trim().min(1, { error: 'captchaRequired' }),
  isAgree: ZAgreed,
});
export type TLoginForm = z.infer<typeof ZLoginForm>;

/**
 * POST /api/v1/user/register. `code` is the 6-digit e-mail code; `uuid` is
 * accepted and may be empty (DESIGN 3).
 */
export const ZRegisterRequest = z.object({
  username: ZEmail,
  password: ZCipherText,
  confirmPassword: ZCipherText,
  code: z.string().max(64),
  uuid: z.string().max(64).optional(),
  isAgree: ZAgreed,
  encryptionKey: z.string().max(64),
});
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;

export const ZRegisterForm = z
  .object({
    username: ZEmail,
    password: ZNewPassword,
    confirmPassword: z.string(),
    code: ZEmailCode,
    isAgree: ZAgreed,
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type TRegisterForm = z.infer<typeof ZRegisterForm>;

/** GET /api/v1/user/register/email/{email}: sends a register code (1003 if taken). */
export const ZRegisterCodeParams = z.object({ email: ZEmail });
export type TRegisterCodeParams = z.infer<typeof ZRegisterCodeParams>;

/** POST /api/v1/user/emailCaptcha: sends a reset code (1004 if unknown). */
export const ZEmailCodeRequest = z.object({ email: ZEmail });
export type TEmailCodeRequest = z.infer<typeof ZEmailCodeRequest>;

/** PUT /api/v1/user/updatePwdByEmail (forgot password). */
export const ZForgotPasswordRequest = z.object({
  email: ZEmail,
  password: ZCipherText,
  code: z.string().max(64),
  uuid: z.string().max(64).optional(),
  encryptionKey: z.string().max(64),
});
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZForgotPasswordForm = z
  .object({
    email: ZEmail,
    password: ZNewPassword,
    confirmPassword: z.string(),
    code: ZEmailCode,
  })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

/**
 * PUT /api/v1/user/updatePwd (change password, logged in). Plain values per
 * SPEC 3; encrypted like the other forms when `encryptionKey` is sent.
 */
export const ZChangePasswordRequest = z.object({
  oldPassword: z.string().max(WIRE_MAX),
  newPassword: z.string().max(WIRE_MAX),
  confirmPassword: z.string().max(WIRE_MAX),
  encryptionKey: z.string().max(64).optional(),
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = z
  .object({
    oldPassword: ZPassword,
    newPassword: ZNewPassword,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'passwordMismatch',
    path: ['confirmPassword'],
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

/**
 * POST /api/v1/user/refresh_token: the refresh token in the body, or as
 * 'Authorization: Bearer <refresh token>' (SPEC 7); the body may be absent.
 */
export const ZRefreshTokenRequest = z
  .object({ refresh_token: z.string().max(WIRE_MAX).optional() })
  .nullish();
export type TRefreshTokenRequest = z.infer<typeof ZRefreshTokenRequest>;

/** SPEC 3: login, register and refresh answer both tokens in `data`. */
export const ZTokens = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TTokens = z.infer<typeof ZTokens>;
export const ZTokensResponse = ZEnvelope(ZTokens);

/**
 * Ours: POST /api/v1/user/stream_ticket answers a ticket that opens one live
 * stream (`?ticket=`) of the caller's session within `expiresIn` seconds;
 * it works once. The stream then lives as long as the session.
 */
export const ZStreamTicket = z.object({ ticket: z.string(), expiresIn: z.number().int() });
export type TStreamTicket = z.infer<typeof ZStreamTicket>;
export const ZStreamTicketResponse = ZEnvelope(ZStreamTicket);

/** GET /api/v1/user/captcha: `data` is an image data URL, `id` goes back as `uuid` (DESIGN 3). */
export const ZCaptchaResponse = z.object({
  code: z.number().int(),
  msg: z.string(),
  data: z.string(),
  id: z.string(),
});
export type TCaptchaResponse = z.infer<typeof ZCaptchaResponse>;

/** Answers that carry nothing but the envelope (logout, code sent, password changed). */
export const ZEmptyResponse = ZEnvelope(z.null());
