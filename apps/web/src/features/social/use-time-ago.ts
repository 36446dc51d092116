import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { timeAgo } from './time-ago';

/** The SPEC 9 time display in the current language. */
export function useTimeAgo(): (value: string) => string {
  const { t } = useTranslation('social');
  return useCallback(
    (value) => {
      const parts = timeAgo(value);
      switch (parts.unit) {
        case 'justNow':
          return t('time.justNow');
        case 'date':
          return parts.text;
        default:
          return t(`time.${parts.unit}`, { count: parts.count });
      }
    },
    [t],
  );
}
