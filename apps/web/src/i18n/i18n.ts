import { LOCALES, type TLocale } from '@layerline/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getProductTitle } from '../app/product';
import { detectLocale, htmlLang } from './locale';
import type { TCatalog } from './locales/en';
import { enCore } from './locales/en/core';

export const DEFAULT_NS = 'common';

/**
 * The English texts i18next has: the shell's (locales/en/core.ts), then each
 * namespace a chunk registers as it loads (ADR 0028).
 */
const english: Record<string, object> = { ...enCore };

/** The shared i18next instance; the API client and stores translate with it too. */
export const i18n = i18next;

/**
 * Initialises i18next once with the core English namespaces (English is also
 * every missing text's fallback); the Chinese one is a chunk of its own, loaded by
 * loadLocale before the first render in Chinese and before a switch to it,
 * so an English first load does not carry it. `product` is a default
 * variable so every text can name the configurable product title (SPEC 2).
 */
export function initI18n(locale: TLocale = detectLocale()): typeof i18next {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources: { en: english },
      lng: locale,
      fallbackLng: 'en',
      supportedLngs: [...LOCALES],
      ns: Object.keys(enCore),
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

/**
 * Adds an English namespace outside the core (i18n/lazy/, ADR 0028); before
 * initI18n it is kept for it. Idempotent.
 */
export function registerEnglish(namespace: keyof TCatalog, texts: object): void {
  english[namespace] ??= texts;
  if (i18n.isInitialized && !i18n.hasResourceBundle('en', namespace)) {
    i18n.addResourceBundle('en', namespace, texts, true, true);
  }
}

/** Adds a language's namespaces (tests add the Chinese catalog at once with it). */
export function addCatalog(locale: TLocale, catalog: TCatalog): void {
  for (const [namespace, texts] of Object.entries(catalog)) {
    i18n.addResourceBundle(locale, namespace, texts, true, true);
  }
}

let zhCatalog: Promise<void> | null = null;

/**
 * The language's catalog, fetched once; a failed fetch is tried again on the
 * next call. When the page is already in that language (the first render),
 * i18next resolves it again: it settled on English while the catalog was
 * missing, and currentLocale reads what it resolved.
 */
export async function loadLocale(locale: TLocale): Promise<void> {
  if (locale === 'en' || i18n.hasResourceBundle(locale, DEFAULT_NS)) return;
  zhCatalog ??= import('./locales/zh').then(
    ({ zh }) => addCatalog('zh', zh),
    (error: unknown) => {
      zhCatalog = null;
      throw error;
    },
  );
  await zhCatalog;
  if (i18n.language === locale && i18n.resolvedLanguage !== locale) {
    await i18n.changeLanguage(locale);
  }
}
