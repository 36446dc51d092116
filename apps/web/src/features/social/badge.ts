import { LIMITS } from '@layerline/contract';

/** SPEC 9 badge max 99: larger counts read '99+'. */
export function formatBadge(count: number, max: number = LIMITS.commentBadgeMax): string {
  const value = Math.max(0, Math.floor(count));
  return value > max ? `${max}+` : String(value);
}
