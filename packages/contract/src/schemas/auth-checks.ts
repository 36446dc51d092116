import { LIMITS } from '../constants';
import { COMMON_PASSWORDS_TEXT } from '../data/common-passwords';

/*
 * SPEC 5 rules of what a user types into the auth forms, as plain functions
 * without zod, so the login dialog checks its fields without loading zod
 * (docs/PERFORMANCE.md, "Fourth pass: the login dialog without antd"). The zod schemas in
 * auth.ts are built on the same patterns and list, and auth-checks.test.ts
 * holds each function to its schema's first message.
 */

/** zod's own e-mail pattern (z.email()'s default), given to ZEmail too. */
export const EMAIL_PATTERN =
  // biome-ignore lint/complexity/noUselessEscapeInRegex: written exactly as zod writes it, so the test can compare the two.
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** SPEC 4: the e-mail verification code has 6 digits. */
export const EMAIL_CODE_PATTERN = new RegExp(`^\\d{${LIMITS.emailCodeLength}}$`);

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  COMMON_PASSWORDS_TEXT.split(/\s+/).filter(Boolean),
);

/** One of the 1,000 most common passwords (data/common-passwords.ts), in any letter case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** ZEmail: 'please enter a correct email format'. */
export function emailIssue(value: unknown): 'emailFormat' | null {
  if (typeof value !== 'string') return 'emailFormat';
  const email = value.trim();
  return email.length <= LIMITS.emailMax && EMAIL_PATTERN.test(email) ? null : 'emailFormat';
}

/** ZPassword: 8 to 20 characters. */
export function passwordIssue(value: unknown): 'passwordLength' | null {
  if (typeof value !== 'string') return 'passwordLength';
  return value.length >= LIMITS.passwordMin && value.length <= LIMITS.passwordMax
    ? null
    : 'passwordLength';
}

/** ZNewPassword: a password being chosen is also not blank and not a common one. */
export function newPasswordIssue(
  value: unknown,
): 'passwordLength' | 'passwordBlank' | 'passwordTooCommon' | null {
  const length = passwordIssue(value);
  if (length || typeof value !== 'string') return length ?? 'passwordLength';
  if (value.trim().length === 0) return 'passwordBlank';
  return isCommonPassword(value) ? 'passwordTooCommon' : null;
}

/** ZEmailCode: six digits. */
export function emailCodeIssue(value: unknown): 'emailCodeRequired' | null {
  return typeof value === 'string' && EMAIL_CODE_PATTERN.test(value.trim())
    ? null
    : 'emailCodeRequired';
}
