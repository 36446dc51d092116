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
});
