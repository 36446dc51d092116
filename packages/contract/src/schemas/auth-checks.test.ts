import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LIMITS } from '../constants';
import { ZEmail, ZEmailCode, ZNewPassword, ZPassword } from './auth';
import {
  EMAIL_PATTERN,
  emailCodeIssue,
  emailIssue,
  newPasswordIssue,
  passwordIssue,
} from './auth-checks';

/** The first message a schema gives, as the forms show one message at a time. */
function firstIssue(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'none');
}

const EMAILS: unknown[] = [
  'maker@example.com',
  '  maker@example.com  ',
  'first.last+tag@sub.example.co',
  "o'neil@example.org",
  'maker@',
  '@example.com',
  'maker@example',
  'maker@example.c',
  '.maker@example.com',
  'ma..ker@example.com',
  'maker.@example.com',
  'maker@-example.com',
  'maker@exa_mple.com',
  '用户@example.com',
  'maker @example.com',
  '',
  '   ',
  `${'a'.repeat(LIMITS.emailMax - 12)}@example.com`,
  `${'a'.repeat(LIMITS.emailMax)}@example.com`,
  undefined,
  null,
  42,
];

const PASSWORDS: unknown[] = [
  '',
  '1234567',
  '12345678',
  'a'.repeat(LIMITS.passwordMax),
  'a'.repeat(LIMITS.passwordMax + 1),
  '        ',
  ' '.repeat(LIMITS.passwordMax + 1),
  'password',
  'PassWord',
  'qwertyuiop',
  'correct-horse-42',
  '密码密码密码密码',
  undefined,
  7,
];

const CODES: unknown[] = ['123456', ' 123456 ', '12345', '1234567', 'abcdef', '', undefined];

describe('auth checks without zod (SPEC 5) agree with the contract schemas', () => {
  it.each(EMAILS.map((value) => [value]))('e-mail %j', (value) => {
    expect(emailIssue(value)).toBe(firstIssue(ZEmail, value));
  });

  it.each(PASSWORDS.map((value) => [value]))('password %j', (value) => {
    expect(passwordIssue(value)).toBe(firstIssue(ZPassword, value));
    expect(newPasswordIssue(value)).toBe(firstIssue(ZNewPassword, value));
  });

  it.each(CODES.map((value) => [value]))('e-mail code %j', (value) => {
    expect(emailCodeIssue(value)).toBe(firstIssue(ZEmailCode, value));
  });

  it("is zod's own e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
  });
});
