import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TConfig } from '../../config';
import type { TDatabase } from '../../db/client';
import { appSettings } from '../settings';

const SECRET_SETTING = 'auth_secret';

/**
 * Keys derived from the one auth secret: the JWT signing key and the key of
 * the stored hashes (captcha answers, e-mail codes, refresh tokens). Keyed
 * hashes mean a copy of the database alone cannot check guesses offline.
 */
export type TAuthKeys = { jwt: Uint8Array; hash: Buffer };

function derive(secret: string, purpose: string): Buffer {
  return createHmac('sha256', secret).update(`layerline:${purpose}`).digest();
}

/**
 * AUTH_SECRET when set; otherwise a secret generated on first start and kept
 * in app_settings, so every instance on the database signs alike and tokens
 * survive restarts.
 */
export async function loadAuthKeys(
  db: TDatabase,
  config: Pick<TConfig, 'authSecret'>,
): Promise<TAuthKeys> {
  const secret =
    config.authSecret ??
    (await appSettings(db).getOrInsert(SECRET_SETTING, randomBytes(48).toString('base64url')));
  return { jwt: new Uint8Array(derive(secret, 'jwt')), hash: derive(secret, 'hash') };
}

/** Keyed hash of a secret value; `purpose` keeps one kind's hashes from matching another's. */
export function keyedHash(keys: TAuthKeys, purpose: string, value: string): string {
  return createHmac('sha256', keys.hash).update(`${purpose}\0${value}`).digest('base64url');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
