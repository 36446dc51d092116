import type { TLocale } from '@layerline/contract';

const EMAIL_LIKE = /^[^\s@]+@[^\s@]+$/;

/** SPEC 3: a nickname that looks like an e-mail address shows only the part before '@'. */
export function displayNickname(nickname: string): string {
  const name = nickname.trim();
  return EMAIL_LIKE.test(name) ? (name.split('@')[0] ?? '') : name;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** File sizes in binary steps: 980 B, 1.5 KB, 12.3 MB. */
export function formatFileSize(bytes: number, locale: TLocale): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', {
    maximumFractionDigits: digits,
  }).format(value);
  return `${number} ${UNITS[unit]}`;
}

/** Prices with at most two decimals, as the server stores them. */
export function formatPrice(value: number, locale: TLocale): string {
  return new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', {
    minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(value);
}

/** SPEC 6: the owner is the user whose id is the work's created_by. */
export function isOwnWork(createdBy: number, sessionUserId: string, isLogin: boolean): boolean {
  return isLogin && sessionUserId !== '' && String(createdBy) === sessionUserId;
}
