import { Code } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { authErrorText } from './auth-errors';
import { PasswordEncryptionError } from './password-crypto';

const business = (code: number, message = 'server says') =>
  new ApiError({ kind: 'business', code, status: 400, message });
const text = (key: string) => `auth.errors.${key}`;

describe('SPEC 8 Auth messages', () => {
  it.each([
    [Code.CAPTCHA_ERROR, 'login', 'captchaError'],
    [Code.EMAIL_CODE_SEND_FAILED, 'sendCode', 'emailCodeSendFailed'],
    [Code.EMAIL_EXISTS, 'sendCode', 'emailExists'],
    [Code.EMAIL_NOT_FOUND, 'sendCode', 'emailNotFound'],
    [Code.EMAIL_NOT_FOUND_ALT, 'resetPassword', 'emailNotFound'],
    [Code.EMAIL_CODE_WRONG, 'register', 'emailCodeWrong'],
    [Code.CAPTCHA_WRONG, 'login', 'captchaWrong'],
    [Code.ACCOUNT_OR_PASSWORD, 'login', 'accountOrPassword'],
    [Code.ACCOUNT_OR_PASSWORD, 'changePassword', 'oldPasswordWrong'],
    [Code.TOO_MANY_REQUESTS, 'sendCode', 'applyTooFrequently'],
  ] as const)('code %i during %s says %s', (code, action, key) => {
    expect(authErrorText(business(code), action, text)).toBe(`auth.errors.${key}`);
  });

  it('shows the server msg for any other code', () => {
    expect(authErrorText(business(400, 'The two passwords do not match.'), 'register', text)).toBe(
      'The two passwords do not match.',
    );
  });

  it('names the encryption failure of SPEC 5', () => {
    expect(authErrorText(new PasswordEncryptionError(), 'login', text)).toBe(
      'auth.errors.passwordEncryptionFailed',
    );
  });

  it('leaves transport failures to the API client, which already toasts them', () => {
    for (const kind of [
      'network',
      'timeout',
      'forbidden',
      'server',
      'cancel',
      'unauthorized',
    ] as const) {
      expect(authErrorText(new ApiError({ kind, message: kind }), 'login', text)).toBeNull();
    }
  });
});
