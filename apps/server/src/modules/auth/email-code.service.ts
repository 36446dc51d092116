import { randomInt } from 'node:crypto';
import { Code, LIMITS, type TLocale } from '@layerline/contract';
import type { TEmailCodePurpose } from '../../db/schema';
import type { TRepositories } from '../../db/unit-of-work';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { Mailer } from '../mail';
import type { TAuthLimits } from './auth.limits';
import type { TAuthKeys } from './auth-keys';
import { hashesEqual, keyedHash } from './auth-keys';
import { codeMail } from './code-mail.template';
import type { EmailCodeRepository } from './email-code.repository';

export const EMAIL_CODE_TTL_MS = 10 * 60_000;
/** Wrong tries a code survives; the next one finds it dead (SPEC 8: 1005). */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
const CODE_PATTERN = new RegExp(`^\\d{${LIMITS.emailCodeLength}}$`);

export type TEmailCodeDeps = {
  repository: EmailCodeRepository;
  mailer: Mailer;
  keys: TAuthKeys;
  clock: TClock;
  limiter: Limiter;
  limits: TAuthLimits;
  productTitle: string;
};

const codeWrong = () => new AppError(Code.EMAIL_CODE_WRONG, 'emailCodeWrong');

/**
 * E-mail verification codes for register and password reset (SPEC 4, 8):
 * 6 digits, 10 minutes, one send per address per 120 s, single use, dead
 * after 5 wrong tries, kept only as a keyed hash.
 */
export class EmailCodeService {
  constructor(private readonly deps: TEmailCodeDeps) {}

  private hash(email: string, purpose: TEmailCodePurpose, code: string): string {
    return keyedHash(this.deps.keys, 'email-code', `${purpose}:${email}:${code}`);
  }

  /** `email` is lowercased. Throws applyTooFrequently (429) or 1002 when the mail fails. */
  async send(email: string, purpose: TEmailCodePurpose, locale: TLocale): Promise<void> {
    const { repository, mailer, clock, limiter, limits } = this.deps;
    await limiter.consume('code-address', email, limits.codePerAddress, 'applyTooFrequently');
    const now = clock();
    const code = String(randomInt(0, 10 ** LIMITS.emailCodeLength)).padStart(
      LIMITS.emailCodeLength,
      '0',
    );
    await repository.deleteExpired(new Date(now.getTime() - EMAIL_CODE_TTL_MS));
    const id = await repository.insert({
      email,
      purpose,
      codeHash: this.hash(email, purpose, code),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
      createdAt: now,
    });
    const mail = codeMail({
      to: email,
      code,
      purpose,
      minutes: EMAIL_CODE_TTL_MS / 60_000,
      productTitle: this.deps.productTitle,
      locale,
    });
    try {
      await mailer.send(mail);
    } catch (error) {
      // The client stops its countdown on this error (SPEC 4), so the address
      // may ask again at once; the code nobody received is dropped.
      await repository.delete(id);
      await limiter.reset('code-address', email);
      throw new AppError(Code.EMAIL_CODE_SEND_FAILED, 'emailCodeSendFailed', {}, null, {
        cause: error,
      });
    }
  }

  /**
   * Checks `code` against the newest live code of the address and returns its
   * id for `consume`. A wrong code costs a try, even when the request fails.
   */
  async check(email: string, purpose: TEmailCodePurpose, code: string): Promise<number> {
    const { repository, clock } = this.deps;
    const row = await repository.latest(email, purpose);
    const now = clock();
    if (
      !row ||
      row.consumedAt ||
      row.attempts >= EMAIL_CODE_MAX_ATTEMPTS ||
      row.expiresAt.getTime() <= now.getTime()
    ) {
      throw codeWrong();
    }
    const candidate = code.trim();
    if (
      !CODE_PATTERN.test(candidate) ||
      !hashesEqual(row.codeHash, this.hash(email, purpose, candidate))
    ) {
      await repository.addAttempt(row.id);
      throw codeWrong();
    }
    return row.id;
  }

  /** Uses the code up inside the caller's transaction; 1005 when it was used meanwhile. */
  async consume(tx: TRepositories, id: number): Promise<void> {
    const isConsumed = await tx.emailCodes.consume(id, this.deps.clock(), EMAIL_CODE_MAX_ATTEMPTS);
    if (!isConsumed) throw codeWrong();
  }
}
