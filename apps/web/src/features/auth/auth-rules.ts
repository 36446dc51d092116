import '../../i18n/lazy/auth';
import {
  emailCodeIssue,
  emailIssue,
  newPasswordIssue,
  passwordIssue,
  type TMessageKey,
} from '@layerline/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { auth as authCatalog } from '../../i18n/locales/en/auth';
import type { TFieldRule } from '../../lib/forms/use-form';
import type { TAuthErrorKey } from './auth-errors';

function isAuthErrorKey(key: string | null): key is TAuthErrorKey {
  return key !== null && Object.hasOwn(authCatalog.errors, key);
}

type TRules = readonly TFieldRule<Record<string, unknown>>[];

export type TAuthRules = {
  email: TRules;
  password: TRules;
  /** A password being chosen: also not blank and not one of the most common (contract ZNewPassword). */
  newPassword: TRules;
  oldPassword: TRules;
  emailCode: TRules;
  /** Must equal the value of `field` (SPEC 5: the password, or the new password). */
  confirm: (field: string) => TRules;
};

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * SPEC 5 rules of the auth forms, from the contract's checks (e-mail, password
 * length, 6-digit code: the plain functions its zod schemas agree with, so the
 * login dialog loads no zod), with 'required' worded separately so an empty
 * field says what is missing. A field shows the first rule it fails
 * (use-form.ts).
 */
export function useAuthRules(): TAuthRules {
  const { t } = useTranslation('auth');
  return useMemo(() => {
    const say = (key: TAuthErrorKey) => t(`errors.${key}`);
    const fromContract = (key: TMessageKey | null) => say(isAuthErrorKey(key) ? key : 'invalid');
    const required =
      (key: TAuthErrorKey): TFieldRule<Record<string, unknown>> =>
      (value) =>
        isBlank(value) ? say(key) : null;
    const contract =
      (issue: (value: unknown) => TMessageKey | null): TFieldRule<Record<string, unknown>> =>
      (value) => {
        const key = issue(value ?? '');
        return key === null ? null : fromContract(key);
      };
    const password = (
      requiredKey: TAuthErrorKey,
      issue: (value: unknown) => TMessageKey | null = passwordIssue,
    ): TRules => [required(requiredKey), contract(issue)];
    return {
      email: [contract(emailIssue)],
      password: password('passwordRequired'),
      newPassword: password('passwordRequired', newPasswordIssue),
      oldPassword: password('oldPasswordRequired'),
      emailCode: [contract(emailCodeIssue)],
      confirm: (field) => [
        required('confirmRequired'),
        (value, values) => (value !== values[field] ? say('passwordMismatch') : null),
      ],
    };
  }, [t]);
}
