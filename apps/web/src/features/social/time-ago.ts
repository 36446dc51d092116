import { formatDateTime } from '../../i18n/format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** SPEC 9: under 30 days reads as days ago; older times as the default date format. */
export const RELATIVE_LIMIT_MS = 30 * DAY;

export type TTimeAgo =
  | { unit: 'justNow' }
  | { unit: 'minutesAgo' | 'hoursAgo' | 'daysAgo'; count: number }
  | { unit: 'date'; text: string };

/**
 * SPEC 9 time display: recent times relative ('3 minutes ago'), others as
 * YYYY-MM-DD HH:mm:ss. A time slightly ahead of the local clock is 'just now'.
 */
export function timeAgo(value: string | number | Date, now: number = Date.now()): TTimeAgo {
  const at = new Date(value).getTime();
  if (Number.isNaN(at)) return { unit: 'date', text: '' };
  const elapsed = now - at;
  if (elapsed < MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutesAgo', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hoursAgo', count: Math.floor(elapsed / HOUR) };
  if (elapsed < RELATIVE_LIMIT_MS) return { unit: 'daysAgo', count: Math.floor(elapsed / DAY) };
  return { unit: 'date', text: formatDateTime(at) };
}
