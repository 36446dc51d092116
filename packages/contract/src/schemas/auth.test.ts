import { describe, expect, it } from 'vitest';
import { message } from '../messages';
import {
  ZChangePasswordForm,
  ZEmail,
  ZLoginForm,
  ZNewPassword,
  ZPassword,
  ZRegisterForm,
} from './auth';
import { isCommonPassword } from './auth-checks';
import { isValidBirthday, ZUpdateInfoRequest } from './users';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('auth form schemas (SPEC 5)', () => {
  it('checks e-mails with the SPEC message key', () => {
    expect(ZEmail.parse('  maker@example.com ')).toBe('maker@example.com');
    const bad = ZEmail.safeParse('maker@');
    expect(firstMessage(bad)).toBe('emailFormat');
    expect(message('en', 'emailFormat')).toBe('please enter a correct email format');
  });

  it('checks password length, confirmation, captcha and agreement', () => {
    const form = {
      username: 'maker@example.com',
      password: 'secret123',
      confirmPassword: 'secret123',
      code: '123456',
      isAgree: true,
    };
    expect(ZRegisterForm.safeParse(form).success).toBe(true);
    expect(
      firstMessage(
        ZRegisterForm.safeParse({ ...form, password: 'short', confirmPassword: 'short' }),
      ),
    ).toBe('passwordLength');
    expect(firstMessage(ZRegisterForm.safeParse({ ...form, confirmPassword: 'secret124' }))).toBe(
      'passwordMismatch',
    );
    expect(firstMessage(ZRegisterForm.safeParse({ ...form, code: '12345' }))).toBe(
      'emailCodeRequired',
    );
    expect(firstMessage(ZRegisterForm.safeParse({ ...form, isAgree: false }))).toBe(
      'agreementRequired',
    );
    expect(firstMessage(ZLoginForm.safeParse({ ...form, code: ' ' }))).toBe('captchaRequired');
    expect(
      firstMessage(
        ZChangePasswordForm.safeParse({
          oldPassword: 'x'.repeat(21),
          newPassword: 'secret123',
          confirmPassword: 'secret123',
        }),
      ),
    ).toBe('passwordLength');
  });
});

describe('profile rules (SPEC 5)', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('takes real past dates after 1900 only', () => {
    expect(isValidBirthday('1990-05-17', now)).toBe(true);
    expect(isValidBirthday('2000-02-29', now)).toBe(true);
    expect(isValidBirthday('2001-02-29', now)).toBe(false);
    expect(isValidBirthday('1900-01-01', now)).toBe(false);
    expect(isValidBirthday('1990-5-17', now)).toBe(false);
    // Already 2 March somewhere east of UTC, not yet 3 March anywhere.
    expect(isValidBirthday('2026-03-02', now)).toBe(true);
    expect(isValidBirthday('2026-03-03', now)).toBe(false);
  });

  it('trims the nickname and counts 2-30 characters', () => {
    const base = { gender: 'male', birthday: '1990-01-01' };
    expect(ZUpdateInfoRequest.parse({ ...base, nickname: '  林工坊 ' }).nickname).toBe('林工坊');
    expect(firstMessage(ZUpdateInfoRequest.safeParse({ ...base, nickname: ' x ' }))).toBe(
      'nicknameLength',
    );
    expect(firstMessage(ZUpdateInfoRequest.safeParse({ ...base, nickname: 'x'.repeat(31) }))).toBe(
      'nicknameLength',
    );
  });
});

describe('new passwords (SPEC 5 length, ADR 0010)', () => {
  it('refuses all-whitespace and the most common passwords with their own keys', () => {
    expect(firstMessage(ZNewPassword.safeParse(' '.repeat(8)))).toBe('passwordBlank');
    expect(firstMessage(ZNewPassword.safeParse('\t'.repeat(10)))).toBe('passwordBlank');
    for (const common of ['12345678', 'password', 'PassWord', 'qwertyuiop', 'iloveyou']) {
      expect(firstMessage(ZNewPassword.safeParse(common))).toBe('passwordTooCommon');
    }
    expect(firstMessage(ZNewPassword.safeParse('short'))).toBe('passwordLength');
    expect(ZNewPassword.safeParse('Cable-clip-42').success).toBe(true);
    expect(message('zh', 'passwordTooCommon')).toBe('该密码过于常见，请换一个');
    expect(message('en', 'passwordBlank')).toBe('The password cannot be only spaces');
  });

  it('ships 1,000 common passwords, all of a length SPEC 5 would otherwise accept', () => {
    expect(isCommonPassword('12345678')).toBe(true);
    expect(isCommonPassword('Cable-clip-42')).toBe(false);
    // Logging in still takes an existing weak password.
    expect(ZPassword.safeParse('12345678').success).toBe(true);
  });
});
