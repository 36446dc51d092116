import '../../../i18n/lazy/publish';
import type { TCreateWorkInput, TMessageKey } from '@layerline/contract';
import type { RuleObject } from 'antd/es/form';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { publish as publishCatalog } from '../../../i18n/locales/en/publish';
import { fieldProblems, type TWorkField } from './publish-form';
import type { TPublishErrorKey } from './upload-rules';

const isPublishErrorKey = (key: string | null): key is TPublishErrorKey =>
  key !== null && Object.hasOwn(publishCatalog.errors, key);

/** A publish message key (the contract's or the form's own) in the current language. */
export function usePublishMessage() {
  const { t } = useTranslation('publish');
  return useCallback(
    (key: TPublishErrorKey | TMessageKey | null) =>
      t(`errors.${isPublishErrorKey(key) ? key : 'invalid'}`),
    [t],
  );
}

/**
 * One antd rule per request field, all from the contract (SPEC 5 'Publish'):
 * the whole request is checked and the field shows its own first problem, so
 * client and server refuse the same things with the same words.
 */
export function usePublishRules(getInput: () => TCreateWorkInput) {
  const say = usePublishMessage();
  return useMemo(() => {
    const rule = (field: TWorkField): RuleObject[] => [
      {
        validator: async () => {
          const problems = fieldProblems(getInput());
          if (problems.has(field)) throw new Error(say(problems.get(field) ?? null));
        },
      },
    ];
    return rule;
  }, [getInput, say]);
}
