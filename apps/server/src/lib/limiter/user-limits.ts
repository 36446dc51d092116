import { LIMITS } from '@layerline/contract';
import type { TLimit } from './limiter';

const HOUR = 60 * 60_000;

/**
 * Per-user abuse limits of uploads, downloads and work saves (LIMITS in the
 * contract, ADR 0005). buildApp takes overrides so tests can use small numbers.
 */
export type TUserLimits = {
  uploadFiles: TLimit;
  /** Bytes received per window, stored or refused. */
  uploadBytes: TLimit;
  downloads: TLimit;
  workSaves: TLimit;
  /** Like, favourite and follow toggles per user, so nobody floods an owner with live events. */
  socialToggles: TLimit;
};

export const DEFAULT_USER_LIMITS: TUserLimits = {
  uploadFiles: { max: LIMITS.uploadFilesPerWindow, windowMs: LIMITS.uploadFilesWindowMs },
  uploadBytes: { max: LIMITS.uploadBytesPerHour, windowMs: HOUR },
  downloads: { max: LIMITS.downloadsPerHour, windowMs: HOUR },
  workSaves: { max: LIMITS.workSavesPerHour, windowMs: HOUR },
  socialToggles: { max: 30, windowMs: 60_000 },
};

export function userLimits(overrides: Partial<TUserLimits> = {}): TUserLimits {
  return { ...DEFAULT_USER_LIMITS, ...overrides };
}
