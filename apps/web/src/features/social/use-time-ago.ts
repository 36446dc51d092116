import '../../i18n/lazy/social';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { timeAgo } from './time-ago';
import { useTickingNow } from './use-ticking-now';

/** The SPEC 9 time display in the current language, kept current while on screen. */
export function useTimeAgo(): (value: string) => string {
  const { t } = useTranslation('social');
  const now = useTickingNow();
  return useCallback(
    (value) => {
      const parts = timeAgo(value, Math.max(now, Date.now()));
      switch (parts.unit) {
        case 'justNow':
          return t('time.justNow');
        case 'date':
          return parts.text;
        default:
          return t(`time.${parts.unit}`, { count: parts.count });
      }
    },
    [t, now],
  );
}
