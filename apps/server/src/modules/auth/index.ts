/** The auth module's public face (ADR 0047): what other modules and the composition may use. */
export type { TAuthLimits } from './auth.limits';
export { loadAuthKeys, type TAuthKeys } from './auth-keys';
