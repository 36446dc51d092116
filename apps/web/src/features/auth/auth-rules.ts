import { type TMessageKey, ZEmail, ZEmailCode, ZNewPassword, ZPassword } from '@layerline/contract';
import type { Rule as FormRule } from 'antd/es/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { auth as authCatalog } from '../../i18n/locales/en/auth';
import { zodRule } from '../../lib/forms/zod-rule';
import type { TAuthErrorKey } from './auth-errors';

function isAuthErrorKey(key: string | null): key is TAuthErrorKey {
  return key !== null && Object.hasOwn(authCatalog.errors, key);
}

export type TAuthRules = {
  email: FormRule[];
  password: FormRule[];
  /** A password being chosen: also not blank and not one of the most common (contract ZNewPassword). */
  newPassword: FormRule[];
  oldPassword: FormRule[];
  emailCode: FormRule[];
  /** Must equal the value of `field` (SPEC 5: the password, or the new password). */
  confirm: (field: string) => FormRule[];
};

/**
 * SPEC 5 rules of the auth forms, from the contract's zod schemas where they
 * fit (e-mail, password length, 6-digit code), with 'required' worded
 * separately so an empty field says what is missing. Use with the Form.Item
 * `validateFirst` prop so one message shows at a time.
 */
export function useAuthRules(): TAuthRules {
  const { t } = useTranslation('auth');
  return useMemo(() => {
    const say = (key: TAuthErrorKey) => t(`errors.${key}`);
    const fromContract = (key: TMessageKey | null) => say(isAuthErrorKey(key) ? key : 'invalid');
    const password = (requiredKey: TAuthErrorKey, schema = ZPassword): FormRule[] => [
      { required: true, message: say(requiredKey) },
      zodRule(schema, fromContract),
    ];
    return {
      email: [zodRule(ZEmail, fromContract)],
      password: password('passwordRequired'),
      newPassword: password('passwordRequired', ZNewPassword),
      oldPassword: password('oldPasswordRequired'),
      emailCode: [zodRule(ZEmailCode, fromContract)],
      confirm: (field) => [
        { required: true, message: say('confirmRequired') },
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            if (value !== getFieldValue(field)) throw new Error(say('passwordMismatch'));
          },
        }),
      ],
    };
  }, [t]);
}
