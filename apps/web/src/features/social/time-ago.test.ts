import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../i18n/format';
import { formatBadge } from './badge';
import { timeAgo } from './time-ago';

const NOW = new Date('2025-06-10T12:00:00.000Z').getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe('timeAgo (SPEC 9 time display)', () => {
  it('reads recent times relatively', () => {
    expect(timeAgo(ago(20_000), NOW)).toEqual({ unit: 'justNow' });
    expect(timeAgo(ago(-5000), NOW)).toEqual({ unit: 'justNow' });
    expect(timeAgo(ago(3 * 60_000 + 5), NOW)).toEqual({ unit: 'minutesAgo', count: 3 });
    expect(timeAgo(ago(2 * 3_600_000), NOW)).toEqual({ unit: 'hoursAgo', count: 2 });
    expect(timeAgo(ago(6 * 86_400_000), NOW)).toEqual({ unit: 'daysAgo', count: 6 });
  });

  it('keeps days up to 30 days (SPEC 9), not a week', () => {
    expect(timeAgo(ago(8 * 86_400_000), NOW)).toEqual({ unit: 'daysAgo', count: 8 });
    expect(timeAgo(ago(29 * 86_400_000 + 3_600_000), NOW)).toEqual({ unit: 'daysAgo', count: 29 });
  });

  it('shows older times as YYYY-MM-DD HH:mm:ss', () => {
    const old = ago(30 * 86_400_000);
    expect(timeAgo(old, NOW)).toEqual({ unit: 'date', text: formatDateTime(old) });
    expect(formatDateTime(old)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('formatBadge (SPEC 9: badge max 99)', () => {
  it('caps at 99+', () => {
    expect(formatBadge(0)).toBe('0');
    expect(formatBadge(99)).toBe('99');
    expect(formatBadge(100)).toBe('99+');
    expect(formatBadge(-2)).toBe('0');
  });
});
