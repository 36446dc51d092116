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

/**
 * The compact units of each language, largest first: what Intl's compact
 * notation writes for counts (1.2K, 1.2万).
 */
const COMPACT_UNITS: Record<TLocale, readonly (readonly [number, string])[]> = {
  en: [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ],
  zh: [
    [1e12, '万亿'],
    [1e8, '亿'],
    [1e4, '万'],
  ],
};

/** `value / unit` in tenths, rounded half up, in integers (no binary fractions). */
function tenthsOf(value: number, unit: number): number {
  const tenth = unit / 10;
  const whole = Math.floor(value / tenth);
  return value - whole * tenth >= tenth / 2 ? whole + 1 : whole;
}

// Chrome takes about 30 ms (120 ms on a slow phone) to build its first compact
// Intl formatter, in the middle of the home's first render; counts, whole and
// not negative, are written directly instead, exactly as Intl writes them
// (format.test.ts compares the two). Anything else goes to Intl.
const countFormats = new Map<TLocale, Intl.NumberFormat>();

function intlCount(value: number, locale: TLocale): string {
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

/** Like and download counts: 12.3K in English, 1.2万 in Chinese. */
export function formatCount(value: number, locale: TLocale): string {
  const units = COMPACT_UNITS[locale];
  const [largest] = units[0] as readonly [number, string];
  const [smallest] = units[units.length - 1] as readonly [number, string];
  if (!Number.isSafeInteger(value) || value < 0 || value >= largest * 1000) {
    return intlCount(value, locale);
  }
  if (value < smallest) return String(value);
  for (let index = units.length - 1; index >= 0; index -= 1) {
    const [unit, suffix] = units[index] as readonly [number, string];
    const tenths = tenthsOf(value, unit);
    // The next unit takes over once the count, rounded, reaches it (999,950 is 1M, not 1000K).
    const bigger = units[index - 1];
    if (bigger && tenths >= (bigger[0] / unit) * 10) continue;
    const fraction = tenths % 10;
    return `${Math.floor(tenths / 10)}${fraction ? `.${fraction}` : ''}${suffix}`;
  }
  return intlCount(value, locale);
}
