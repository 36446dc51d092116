import { randomInt, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { Code } from '@layerline/contract';
import { AppError } from '../../http/app-error';
import type { TClock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter/limiter';
import type { TAuthLimits } from './auth.limits';
import type { TAuthKeys } from './auth-keys';
import { hashesEqual, keyedHash } from './auth-keys';
import type { CaptchaRepository } from './captcha.repository';

/** svg-captcha's module value renders a given text; its typings only cover the helpers. */
type TRenderCaptcha = (text: string, options?: { noise?: number; color?: boolean }) => string;
const requireCjs = createRequire(import.meta.url);
const renderCaptcha = requireCjs('svg-captcha') as TRenderCaptcha;

export const CAPTCHA_TTL_MS = 5 * 60_000;
const CAPTCHA_LENGTH = 4;
/** No 0/O/o, 1/I/i/l/L: answers are compared case-insensitively, so these would be ambiguous. */
const CAPTCHA_CHARS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TCaptchaDeps = {
  repository: CaptchaRepository;
  keys: TAuthKeys;
  clock: TClock;
  limiter: Limiter;
  limits: TAuthLimits;
  /** AUTH_TEST_CAPTCHA: the answer of every captcha (never in production, config.ts). */
  fixedAnswer?: string;
};

const normalise = (answer: string) => answer.trim().toLowerCase();

/**
 * Login captchas (SPEC 2, 4, 8): an SVG image with an id; the answer is kept
 * hashed, is case-insensitive, expires after 5 minutes and can be checked
 * once, right or wrong, so every failed login needs a new one.
 */
export class CaptchaService {
  constructor(private readonly deps: TCaptchaDeps) {}

  async create(ip: string): Promise<{ id: string; image: string }> {
    const { repository, keys, clock, limiter, limits } = this.deps;
    await limiter.consume('captcha-ip', ip, limits.captchaPerIp);
    const now = clock();
    const id = randomUUID();
    const answer = this.deps.fixedAnswer ?? randomText();
    let svg: string;
    try {
      svg = renderCaptcha(answer, { noise: 2, color: true });
      await repository.deleteExpired(now);
      await repository.insert({
        id,
        answerHash: keyedHash(keys, 'captcha', `${id}:${normalise(answer)}`),
        expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
        createdAt: now,
      });
    } catch (error) {
      // SPEC 8: 1001 'get captcha error'; the cause stays in the log.
      throw new AppError(Code.CAPTCHA_ERROR, 'captchaError', {}, null, { cause: error });
    }
    return { id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  /** Uses the captcha up; true only when it was live and the answer matches. */
  async check(id: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!id || !answer || !UUID.test(id)) return false;
    const { repository, keys, clock } = this.deps;
    const stored = await repository.consume(id.toLowerCase(), clock());
    if (!stored) return false;
    return hashesEqual(
      stored,
      keyedHash(keys, 'captcha', `${id.toLowerCase()}:${normalise(answer)}`),
    );
  }
}

function randomText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) {
    text += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  }
  return text;
}
