/** The auth module's public face (ADR 0047): what other modules and the composition may use. */

export type { AccessAuthenticator } from '../../kernel/request-auth';
export { registerAuthGuard } from './auth.guard';
export type { TAuthLimits } from './auth.limits';
export { authModule, type TAuthModule } from './auth.plugin';
export { loadAuthKeys, type TAuthKeys } from './auth-keys';
export { TokenService } from './token.service';
