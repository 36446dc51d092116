import { randomInt } from 'node:crypto';
import {
  Code,
  isMessageKey,
  type TChangePasswordRequest,
  type TForgotPasswordRequest,
  type TLocale,
  type TLoginRequest,
  type TMessageKey,
  type TRegisterRequest,
  type TTokens,
  ZNewPassword,
} from '@layerline/contract';
import type { TDatabase } from '../../db/client';
import { UnitOfWork } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../kernel/password-hash';
import { isUniqueViolation } from '../../kernel/unique-violation';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { UserAccounts } from '../users';
import type { TAuthLimits } from './auth.limits';
import type { CaptchaService } from './captcha.service';
import type { EmailCodeService } from './email-code.service';
import { decryptPassword } from './password-cipher';
import type { TokenService } from './token.service';

export type TAuthDeps = {
  db: TDatabase;
  users: UserAccounts;
  captcha: CaptchaService;
  codes: EmailCodeService;
  tokens: TokenService;
  limiter: Limiter;
  limits: TAuthLimits;
  clock: TClock;
};

/** Who asked: limits count per IP, mails go out in the request's language. */
export type TRequestContext = { ip: string; locale: TLocale };

const fail = (code: number, key: TMessageKey) => new AppError(code, key);

/** SPEC 5: 8 to 20 characters once decrypted, not blank, not a common password. */
function checkPasswordRules(password: string): void {
  const parsed = ZNewPassword.safeParse(password);
  if (parsed.success) return;
  const key = parsed.error.issues[0]?.message;
  throw fail(Code.BAD_REQUEST, key && isMessageKey(key) ? key : 'passwordLength');
}

/** New accounts get a neutral nickname rather than a piece of their e-mail address. */
function defaultNickname(): string {
  return `maker_${randomInt(0, 36 ** 6)
    .toString(36)
    .padStart(6, '0')}`;
}

/**
 * Login, register, password reset and change, logout (SPEC 4, 7, 8). Order
 * inside each flow: limits, then the cheap checks, then argon2, then the
 * writes in one transaction.
 */
export class AuthService {
  private readonly uow: UnitOfWork;

  constructor(private readonly deps: TAuthDeps) {
    this.uow = new UnitOfWork(deps.db);
  }

  async login(body: TLoginRequest, ctx: TRequestContext): Promise<TTokens> {
    const { limiter, limits, captcha, users, tokens } = this.deps;
    const email = body.username.toLowerCase();
    await limiter.consume('login-ip', ctx.ip, limits.loginPerIp);
    // Per account *from one address* (ADR 0010): a per-account counter alone
    // lets anyone lock the owner out with five wrong passwords. Attempts from
    // many addresses are held back by the per-IP limit and by the captcha
    // every attempt uses up (SPEC 4).
    await limiter.consume('login-account-ip', `${email}|${ctx.ip}`, limits.loginPerAccount);
    // SPEC 4: the captcha is used up by this attempt whatever its outcome.
    if (!(await captcha.check(body.uuid, body.code))) {
      throw fail(Code.CAPTCHA_WRONG, 'captchaWrong');
    }
    const password = decryptPassword(body.password, body.encryptionKey);
    const user = await users.findByEmail(email);
    const isMatch = await verifyPassword(
      user?.passwordHash ?? (await dummyPasswordHash()),
      password,
    );
    if (!user || !isMatch) throw fail(Code.ACCOUNT_OR_PASSWORD, 'accountOrPassword');
    return tokens.issue(this.uow.repositories, user.id, user.role);
  }

  /** GET /user/register/email/{email}: 1003 when the address already has an account. */
  async sendRegisterCode(rawEmail: string, ctx: TRequestContext): Promise<void> {
    const email = rawEmail.toLowerCase();
    await this.deps.limiter.consume('code-ip', ctx.ip, this.deps.limits.codePerIp);
    if (await this.deps.users.findByEmail(email)) throw fail(Code.EMAIL_EXISTS, 'emailExists');
    await this.deps.codes.send(email, 'register', ctx.locale);
  }

  /** POST /user/emailCaptcha: 1004 when no account has the address. */
  async sendResetCode(rawEmail: string, ctx: TRequestContext): Promise<void> {
    const email = rawEmail.toLowerCase();
    await this.deps.limiter.consume('code-ip', ctx.ip, this.deps.limits.codePerIp);
    if (!(await this.deps.users.findByEmail(email))) {
      throw fail(Code.EMAIL_NOT_FOUND, 'emailNotFound');
    }
    await this.deps.codes.send(email, 'reset', ctx.locale);
  }

  /** Creates the account and logs it in (DESIGN 3: register answers tokens). */
  async register(body: TRegisterRequest, ctx: TRequestContext): Promise<TTokens> {
    const { limiter, limits, users, codes, tokens, clock } = this.deps;
    const email = body.username.toLowerCase();
    await limiter.consume('register-ip', ctx.ip, limits.registerPerIp);
    await limiter.consume('register-email', email, limits.registerPerEmail);
    const password = decryptPassword(body.password, body.encryptionKey);
    const confirm = decryptPassword(body.confirmPassword, body.encryptionKey);
    checkPasswordRules(password);
    if (password !== confirm) throw fail(Code.BAD_REQUEST, 'passwordMismatch');
    if (await users.findByEmail(email)) throw fail(Code.EMAIL_EXISTS, 'emailExists');
    const codeId = await codes.check(email, 'register', body.code);
    const passwordHash = await hashPassword(password);
    try {
      return await this.uow.run(async (tx) => {
        await codes.consume(tx, codeId);
        const user = await tx.userAccounts.insert({
          email,
          passwordHash,
          nickname: defaultNickname(),
          createdAt: clock(),
        });
        return tokens.issue(tx, user.id, user.role);
      });
    } catch (error) {
      // Two sign-ups of one address at once: the unique index decides.
      if (isUniqueViolation(error)) throw fail(Code.EMAIL_EXISTS, 'emailExists');
      throw error;
    }
  }

  /** PUT /user/updatePwdByEmail: new password by e-mail code; ends every session. */
  async resetPassword(body: TForgotPasswordRequest, ctx: TRequestContext): Promise<void> {
    const { limiter, limits, users, codes, tokens, clock } = this.deps;
    const email = body.email.toLowerCase();
    await limiter.consume('reset-ip', ctx.ip, limits.resetPerIp);
    await limiter.consume('reset-email', email, limits.resetPerEmail);
    const password = decryptPassword(body.password, body.encryptionKey);
    checkPasswordRules(password);
    const user = await users.findByEmail(email);
    if (!user) throw fail(Code.EMAIL_NOT_FOUND_ALT, 'emailNotFound');
    const codeId = await codes.check(email, 'reset', body.code);
    const passwordHash = await hashPassword(password);
    await this.uow.run(async (tx) => {
      await codes.consume(tx, codeId);
      await tx.userAccounts.updatePassword(user.id, passwordHash, clock());
      await tokens.revokeAll(tx, user.id, 'password');
    });
    await tokens.sessionsChanged([user.id]);
  }

  /**
   * PUT /user/updatePwd for the logged-in user. Plain values (SPEC 3), or
   * encrypted like the other forms when `encryptionKey` is sent. Ends every
   * session; the client logs out (SPEC 4).
   */
  async changePassword(userId: number, body: TChangePasswordRequest): Promise<void> {
    const { limiter, limits, users, tokens, clock } = this.deps;
    await limiter.consume('change-password-user', String(userId), limits.changePasswordPerUser);
    const read = (value: string) =>
      body.encryptionKey === undefined ? value : decryptPassword(value, body.encryptionKey);
    const oldPassword = read(body.oldPassword);
    const newPassword = read(body.newPassword);
    const confirm = read(body.confirmPassword);
    checkPasswordRules(newPassword);
    if (newPassword !== confirm) throw fail(Code.BAD_REQUEST, 'passwordMismatch');
    const user = await users.findById(userId);
    if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
      throw fail(Code.ACCOUNT_OR_PASSWORD, 'oldPasswordWrong');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.uow.run(async (tx) => {
      await tx.userAccounts.updatePassword(user.id, passwordHash, clock());
      await tokens.revokeAll(tx, user.id, 'password');
    });
    await tokens.sessionsChanged([user.id]);
  }

  /** Logout ends every session of the user, on every device. */
  async logout(userId: number): Promise<void> {
    await this.deps.tokens.revokeAll(this.uow.repositories, userId, 'logout');
    await this.deps.tokens.sessionsChanged([userId]);
  }
}
