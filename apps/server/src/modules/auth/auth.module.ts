import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { Mailer } from '../mail';
import { userAccounts } from '../users';
import type { TAuthLimits } from './auth.limits';
import { AuthService } from './auth.service';
import type { TAuthKeys } from './auth-keys';
import { CaptchaRepository } from './captcha.repository';
import { CaptchaService } from './captcha.service';
import { EmailCodeRepository } from './email-code.repository';
import { EmailCodeService } from './email-code.service';
import { SessionRepository } from './session.repository';
import { TokenService } from './token.service';

export type TAuthModuleDeps = {
  config: Pick<TConfig, 'authTestCaptcha' | 'productTitle'>;
  db: TDatabase;
  keys: TAuthKeys;
  clock: TClock;
  limiter: Limiter;
  limits: TAuthLimits;
  mailer: Mailer;
};

export type TAuthModule = {
  auth: AuthService;
  captcha: CaptchaService;
  codes: EmailCodeService;
  tokens: TokenService;
};

/** Builds the auth services with their repositories (DESIGN 1: side effects injected). */
export function createAuthModule(deps: TAuthModuleDeps): TAuthModule {
  const { db, keys, clock, limiter, limits, mailer, config } = deps;
  const tokens = new TokenService({ db, repository: new SessionRepository(db), keys, clock });
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
  return { auth, captcha, codes, tokens };
}
