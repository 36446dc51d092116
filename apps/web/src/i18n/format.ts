import type { TLocale } from '@layerline/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * SPEC 9 default date format YYYY-MM-DD HH:mm:ss in local time, without a date
 * library: the format is the same in both languages.
 */
export function formatDateTime(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

const intlLocale = (locale: TLocale) => (locale === 'zh' ? 'zh-CN' : 'en');

// Building an Intl formatter costs far more than using one (a feed page formats
// 100 counts), so each locale's is made once.
const countFormats = new Map<TLocale, Intl.NumberFormat>();

/** Like and download counts: 12.3K in English, 1.2万 in Chinese. */
export function formatCount(value: number, locale: TLocale): string {
  let format = countFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale(locale), {
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    countFormats.set(locale, format);
  }
  return format.format(value);
}
