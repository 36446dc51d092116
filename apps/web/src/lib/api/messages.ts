import type { TLocale } from '@layerline/contract';
import { api as en } from '../../i18n/locales/en/api';
import { api as zh } from '../../i18n/locales/zh/api';
import type { TApiMessageKey, TTranslate } from './types';

const CATALOGS: Record<TLocale, Record<string, string>> = { en, zh };

/**
 * Reads the `api` catalogs directly, with i18next's `{{name}}` interpolation.
 * The default client uses it until the app passes its own translator.
 */
export function createCatalogTranslator(getLocale: () => TLocale): TTranslate {
  return (key: TApiMessageKey, params = {}) => {
    const name = key.slice('api.'.length);
    const template = CATALOGS[getLocale()][name] ?? en[name as keyof typeof en] ?? key;
    return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, param: string) =>
      param in params ? String(params[param]) : whole,
    );
  };
}
