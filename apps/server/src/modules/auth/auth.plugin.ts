import type { TInfra, TModule } from '../../compose/module';
import { userAccounts } from '../users';
import { authLimits, type TAuthLimits } from './auth.limits';
import { authRoutes } from './auth.routes';
import { AuthService } from './auth.service';
import { CaptchaRepository } from './captcha.repository';
import { CaptchaService } from './captcha.service';
import { EmailCodeRepository } from './email-code.repository';
import { EmailCodeService } from './email-code.service';
import { SessionRepository } from './session.repository';
import { TokenService } from './token.service';

export type TAuthNeeds = {
  /** Overrides of the auth rate limits (tests use small numbers). */
  limits?: Partial<TAuthLimits>;
};

export type TAuthModule = TModule<{
  /**
   * Access tokens of live sessions: the app's auth guard resolves every API
   * request's caller with it, and live streams their `?token=`. Whoever
   * changes a user's role or suspension calls its `sessionsChanged` after
   * committing (ADR 0050).
   */
  tokens: TokenService;
}>;

/**
 * Captcha, login, register, reset, tokens (DESIGN 3, ADR 0010, 0048). The
 * accounts are the users module's (its public face).
 */
export function authModule(
  infra: Pick<TInfra, 'config' | 'db' | 'clock' | 'limiter' | 'mailer' | 'authKeys' | 'events'>,
  needs: TAuthNeeds = {},
): TAuthModule {
  const { config, db, clock, limiter, mailer, authKeys: keys } = infra;
  const limits = authLimits(needs.limits);
  const tokens = new TokenService({
    db,
    repository: new SessionRepository(db),
    keys,
    clock,
    sessionCacheMs: config.sessionCacheMs,
    events: infra.events,
    limiter,
  });
  const captcha = new CaptchaService({
    repository: new CaptchaRepository(db),
    keys,
    clock,
    limiter,
    limits,
    fixedAnswer: config.authTestCaptcha,
  });
  const codes = new EmailCodeService({
    repository: new EmailCodeRepository(db),
    mailer,
    keys,
    clock,
    limiter,
    limits,
    productTitle: config.productTitle,
  });
  const auth = new AuthService({
    db,
    users: userAccounts(db),
    captcha,
    codes,
    tokens,
    limiter,
    limits,
    clock,
  });
  return {
    tokens,
    plugin: async (api) => {
      await api.register(authRoutes, { auth, captcha, tokens });
    },
  };
}
