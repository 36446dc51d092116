import { LOCALES, type TLocale } from '@layerline/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getProductTitle } from '../app/product';
import { detectLocale, htmlLang } from './locale';
import { en } from './locales/en';
import { zh } from './locales/zh';

export const DEFAULT_NS = 'common';
export const NAMESPACES = Object.keys(en) as (keyof typeof en)[];

/** The shared i18next instance; the API client and stores translate with it too. */
export const i18n = i18next;

/**
 * Initialises i18next once with both catalogs bundled (they are small, and a
 * language switch must never wait on the network). `product` is a default
 * variable so every text can name the configurable product title (SPEC 2).
 */
export function initI18n(locale: TLocale = detectLocale()): typeof i18next {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en, zh },
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      ns: NAMESPACES,
      defaultNS: DEFAULT_NS,
      initAsync: false,
      returnNull: false,
      interpolation: {
        escapeValue: false,
        defaultVariables: { product: getProductTitle() },
      },
    });
  }
  document.documentElement.lang = htmlLang(locale);
  return i18n;
}

export function currentLocale(): TLocale {
  return i18n.resolvedLanguage === 'zh' ? 'zh' : 'en';
}
