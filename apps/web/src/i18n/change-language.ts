import type { TLocale } from '@layerline/contract';
import { useCallback } from 'react';
import { useFeedback } from '../app/feedback';
import { i18n, loadLocale } from './i18n';
import { htmlLang, storeLocale } from './locale';

interface TNotifier {
  success: (text: string) => unknown;
  error: (text: string) => unknown;
}

/**
 * SPEC 4 'Language': switch, remember the choice, update <html lang> and say
 * so in the new language. The antd locale and Intl formatting follow the
 * i18next language through the providers. Returns whether it worked.
 */
export async function switchLanguage(locale: TLocale, notify: TNotifier): Promise<boolean> {
  try {
    await loadLocale(locale);
    await i18n.changeLanguage(locale);
    storeLocale(locale);
    document.documentElement.lang = htmlLang(locale);
    notify.success(i18n.t('language:switchSuccess'));
    return true;
  } catch {
    notify.error(i18n.t('language:switchFailed'));
    return false;
  }
}

export function useChangeLanguage(): (locale: TLocale) => Promise<boolean> {
  const { message } = useFeedback();
  return useCallback((locale: TLocale) => switchLanguage(locale, message), [message]);
}
