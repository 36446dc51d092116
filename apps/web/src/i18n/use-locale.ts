import type { TLocale } from '@layerline/contract';
import { useSyncExternalStore } from 'react';
import { currentLocale, i18n } from './i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

/**
 * The current language, re-rendering on a switch. Server data that comes back
 * in the request's Content-Language keys its queries by it (DESIGN 3).
 *
 * It reads i18next's language directly rather than through useTranslation:
 * every work card asks for it, and that hook's set-up per instance (its
 * options, its own copy of the i18n object) was the larger part of a card's
 * render on a slow phone (docs/PERFORMANCE.md, "Sixth pass").
 */
export function useLocale(): TLocale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}
