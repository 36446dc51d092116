import type { TLocale } from '@layerline/contract';
import { useTranslation } from 'react-i18next';

/**
 * The current language, re-rendering on a switch. Server data that comes back
 * in the request's Content-Language keys its queries by it (DESIGN 3).
 */
export function useLocale(): TLocale {
  const { i18n } = useTranslation();
  return i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';
}
