import { createChunk } from '../../lib/chunk';

/**
 * SPEC 7 'Password encryption' and DESIGN 3 password transport:
 * `base64(iv) + ':' + base64(AES-128-CBC-PKCS7(utf8(password), key = utf8(encryptionKey), iv))`
 * with a fresh 16-character alphanumeric key per submission (sent as
 * `encryptionKey`) and a random 16-byte IV per value. AES runs in JavaScript
 * (@noble/ciphers, PKCS#7 padding by default) rather than Web Crypto, whose
 * `subtle` API exists only on HTTPS or localhost: a self-hosted server reached
 * over plain HTTP on a LAN must still let people log in. Randomness comes from
 * `crypto.getRandomValues`, which every context has. This hides the password
 * from casual logging; it is no substitute for TLS.
 */

/**
 * The AES code, loaded on first use: evaluating it builds its lookup tables,
 * about 8 ms on a desktop core, which the login dialog's chunk used to spend
 * while the home was still starting (docs/PERFORMANCE.md, ninth pass).
 */
export const cipherChunk = createChunk(() => import('@noble/ciphers/aes.js'));

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const ENCRYPTION_KEY_LENGTH = 16;
const IV_BYTES = 16;
/** Largest multiple of 62 below 256: bytes above it are redrawn so every character is equally likely. */
const UNBIASED_LIMIT = 256 - (256 % ALPHANUMERIC.length);

/** SPEC 5: shown as 'Password encryption failed. Please try again.' */
export class PasswordEncryptionError extends Error {
  constructor(cause?: unknown) {
    super('password encryption failed', { cause });
    this.name = 'PasswordEncryptionError';
  }
}

export function isPasswordEncryptionError(value: unknown): value is PasswordEncryptionError {
  return value instanceof PasswordEncryptionError;
}

function randomSource(): Crypto {
  const api = globalThis.crypto;
  if (typeof api?.getRandomValues !== 'function') throw new PasswordEncryptionError();
  return api;
}

export function createEncryptionKey(): string {
  const api = randomSource();
  let key = '';
  while (key.length < ENCRYPTION_KEY_LENGTH) {
    for (const byte of api.getRandomValues(new Uint8Array(ENCRYPTION_KEY_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && key.length < ENCRYPTION_KEY_LENGTH) {
        key += ALPHANUMERIC[byte % ALPHANUMERIC.length];
      }
    }
  }
  return key;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Encrypts one plain password with the given key; throws PasswordEncryptionError. */
export async function encryptPassword(plain: string, encryptionKey: string): Promise<string> {
  try {
    const encoder = new TextEncoder();
    const key = encoder.encode(encryptionKey);
    if (key.length !== ENCRYPTION_KEY_LENGTH) throw new PasswordEncryptionError();
    const iv = randomSource().getRandomValues(new Uint8Array(IV_BYTES));
    const { cbc } = await cipherChunk.load();
    const cipher = cbc(key, iv).encrypt(encoder.encode(plain));
    return `${toBase64(iv)}:${toBase64(cipher)}`;
  } catch (error) {
    throw error instanceof PasswordEncryptionError ? error : new PasswordEncryptionError(error);
  }
}

/**
 * Encrypts several passwords of one submission with one key (SPEC 7: register
 * encrypts password and confirmPassword with the same key), each with its own IV.
 */
export async function encryptPasswords<TName extends string>(
  passwords: Record<TName, string>,
): Promise<{ encryptionKey: string; encrypted: Record<TName, string> }> {
  let encryptionKey: string;
  try {
    encryptionKey = createEncryptionKey();
  } catch (error) {
    throw error instanceof PasswordEncryptionError ? error : new PasswordEncryptionError(error);
  }
  const names = Object.keys(passwords) as TName[];
  const values = await Promise.all(
    names.map((name) => encryptPassword(passwords[name], encryptionKey)),
  );
  const encrypted = {} as Record<TName, string>;
  names.forEach((name, index) => {
    encrypted[name] = values[index] ?? '';
  });
  return { encryptionKey, encrypted };
}
