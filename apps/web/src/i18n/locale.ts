import { DEFAULT_LOCALE, isLocale, pickLocale, type TLocale } from '@layerline/contract';

/** SPEC 3: the language lives in localStorage under 'locale'. */
export const LOCALE_STORAGE_KEY = 'locale';

export function readStoredLocale(): TLocale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: TLocale): void {
  window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
}

function browserLanguages(): readonly string[] {
  const nav = window.navigator;
  if (nav.languages?.length) return nav.languages;
  return nav.language ? [nav.language] : [];
}

/**
 * SPEC 4 'Language': the stored value if supported, else the first supported
 * browser language prefix, else en.
 */
export function detectLocale(): TLocale {
  const stored = readStoredLocale();
  if (stored) return stored;
  const languages = browserLanguages();
  return languages.length ? pickLocale(languages.join(',')) : DEFAULT_LOCALE;
}

/** Value for <html lang>: Chinese content is Simplified Chinese. */
export function htmlLang(locale: TLocale): string {
  return locale === 'zh' ? 'zh-CN' : 'en';
}
