import { describe, expect, it } from 'vitest';
import { formatCount, formatDateTime } from './format';

describe('formatting without a date library', () => {
  it('formats dates as YYYY-MM-DD HH:mm:ss (SPEC 9)', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('formats counts compactly per language', () => {
    expect(formatCount(12_345, 'en')).toBe('12.3K');
    expect(formatCount(12_345, 'zh')).toBe('1.2万');
    expect(formatCount(7, 'en')).toBe('7');
  });

  it('writes counts exactly as the compact notation of Intl does, in both languages', () => {
    const counts = new Set<number>();
    for (let value = 0; value <= 20_000; value += 1) counts.add(value);
    for (let power = 4; power <= 15; power += 1) {
      const base = 10 ** power;
      for (const factor of [
        0.9995, 0.99995, 0.999995, 1, 1.05, 1.15, 1.25, 1.5, 9.95, 9.999, 99.95,
      ]) {
        const value = Math.round(base * factor);
        for (const delta of [-1, 0, 1]) counts.add(value + delta);
      }
    }
    // A fixed sequence of spread-out counts.
    let seed = 7;
    for (let i = 0; i < 5_000; i += 1) {
      seed = (seed * 48_271) % 2_147_483_647;
      counts.add(Math.floor((seed / 2_147_483_647) ** 4 * 1e13));
    }
    for (const locale of ['en', 'zh'] as const) {
      const intl = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', {
        notation: 'compact',
        maximumFractionDigits: 1,
      });
      const differing = [...counts].filter(
        (value) => formatCount(value, locale) !== intl.format(value),
      );
      expect(
        differing
          .slice(0, 5)
          .map((value) => [value, formatCount(value, locale), intl.format(value)]),
      ).toEqual([]);
    }
    expect(formatCount(2.5, 'en')).toBe('2.5');
    expect(formatCount(-1_500, 'en')).toBe('-1.5K');
  });
});
