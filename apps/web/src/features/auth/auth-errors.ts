import { Code } from '@layerline/contract';
import type { TCatalog } from '../../i18n/locales/en';
import { isApiError } from '../../lib/api';
import { isPasswordEncryptionError } from './password-crypto';

export type TAuthErrorKey = keyof TCatalog['auth']['errors'];

/** What the user was doing; SPEC 8 words code 1008 differently for a password change. */
export type TAuthAction =
  | 'captcha'
  | 'login'
  | 'register'
  | 'sendCode'
  | 'resetPassword'
  | 'changePassword';

const BY_CODE: Partial<Record<number, TAuthErrorKey>> = {
  [Code.CAPTCHA_ERROR]: 'captchaError',
  [Code.EMAIL_CODE_SEND_FAILED]: 'emailCodeSendFailed',
  [Code.EMAIL_EXISTS]: 'emailExists',
  [Code.EMAIL_NOT_FOUND]: 'emailNotFound',
  [Code.EMAIL_NOT_FOUND_ALT]: 'emailNotFound',
  [Code.EMAIL_CODE_WRONG]: 'emailCodeWrong',
  [Code.CAPTCHA_WRONG]: 'captchaWrong',
  [Code.TOO_MANY_REQUESTS]: 'applyTooFrequently',
};

/**
 * SPEC 8 'Auth': the text to show for a failed auth call, or null when
 * nothing more should be shown. The API client already reports the transport
 * rows itself (network, timeout, 403, 5xx: an error toast), swallows
 * cancelled and duplicate requests and turns 401 into the session dialog, so
 * only business codes and local failures are worded here. Any other code
 * shows the server's (localised) msg.
 */
export function authErrorText(
  error: unknown,
  action: TAuthAction,
  text: (key: TAuthErrorKey) => string,
): string | null {
  if (isPasswordEncryptionError(error)) return text('passwordEncryptionFailed');
  if (!isApiError(error)) return text('invalid');
  if (error.kind !== 'business') return null;
  if (error.code === Code.ACCOUNT_OR_PASSWORD) {
    return text(action === 'changePassword' ? 'oldPasswordWrong' : 'accountOrPassword');
  }
  const key = BY_CODE[error.code];
  return key ? text(key) : error.message || null;
}
