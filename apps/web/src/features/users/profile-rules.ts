import '../../i18n/lazy/profile';
import { isValidBirthday, type TMessageKey, ZBio, ZNickname } from '@layerline/contract';
import type { Rule as FormRule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TCatalog } from '../../i18n/locales/en';
import { profile as profileCatalog } from '../../i18n/locales/en/profile';
import { zodRule } from '../../lib/forms/zod-rule';

type TProfileErrorKey = keyof TCatalog['profile']['errors'];

export const BIRTHDAY_FORMAT = 'YYYY-MM-DD';

function isProfileErrorKey(key: string | null): key is TProfileErrorKey {
  return key !== null && Object.hasOwn(profileCatalog.errors, key);
}

/** SPEC 5 profile rules, from the contract's schemas (nickname 2-30, bio, birthday). */
export function useProfileRules() {
  const { t } = useTranslation('profile');
  return useMemo(() => {
    const say = (key: TProfileErrorKey) => t(`errors.${key}`);
    const fromContract = (key: TMessageKey | null) => say(isProfileErrorKey(key) ? key : 'invalid');
    const nickname: FormRule[] = [
      { required: true, whitespace: true, message: say('nicknameRequired') },
      zodRule(ZNickname, fromContract),
    ];
    const gender: FormRule[] = [{ required: true, message: say('genderRequired') }];
    const birthday: FormRule[] = [
      { required: true, message: say('birthdayRequired') },
      {
        validator: async (_rule, value: Dayjs | null | undefined) => {
          if (value && !isValidBirthday(value.format(BIRTHDAY_FORMAT))) {
            throw new Error(say('birthdayInvalid'));
          }
        },
      },
    ];
    const bio: FormRule[] = [zodRule(ZBio, fromContract)];
    return { nickname, gender, birthday, bio };
  }, [t]);
}
