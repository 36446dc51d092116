import type { TLimit } from '../../lib/limiter/limiter';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Rate limits of the auth endpoints, per IP and per account (e-mail or user).
 * buildApp takes overrides so tests can use small numbers.
 */
export type TAuthLimits = {
  loginPerIp: TLimit;
  /** Per account and IP pair, so a stranger's wrong passwords never lock the owner out (ADR 0010). */
  loginPerAccount: TLimit;
  captchaPerIp: TLimit;
  /** SPEC 4: one code per address per 120 s, the length of the client's countdown. */
  codePerAddress: TLimit;
  codePerIp: TLimit;
  registerPerIp: TLimit;
  registerPerEmail: TLimit;
  resetPerIp: TLimit;
  resetPerEmail: TLimit;
  changePasswordPerUser: TLimit;
};

export const DEFAULT_AUTH_LIMITS: TAuthLimits = {
  loginPerIp: { max: 10, windowMs: MINUTE },
  loginPerAccount: { max: 5, windowMs: MINUTE },
  captchaPerIp: { max: 30, windowMs: MINUTE },
  codePerAddress: { max: 1, windowMs: 120 * SECOND },
  codePerIp: { max: 10, windowMs: HOUR },
  registerPerIp: { max: 10, windowMs: HOUR },
  registerPerEmail: { max: 10, windowMs: HOUR },
  resetPerIp: { max: 10, windowMs: HOUR },
  resetPerEmail: { max: 10, windowMs: HOUR },
  changePasswordPerUser: { max: 5, windowMs: MINUTE },
};

export function authLimits(overrides: Partial<TAuthLimits> = {}): TAuthLimits {
  return { ...DEFAULT_AUTH_LIMITS, ...overrides };
}
