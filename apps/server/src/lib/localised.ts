import type { TLocale } from '@layerline/contract';

/**
 * The text in the request's language (DESIGN 3), falling back to the other
 * language when that one is empty, so a half-translated row still shows.
 */
export function localised(locale: TLocale, en: string, zh: string): string {
  return locale === 'zh' ? zh || en : en || zh;
}
