import { createDecipheriv } from 'node:crypto';
import { Code, ENCRYPTION_KEY_PATTERN } from '@layerline/contract';
import { AppError } from '../../http/app-error';

const IV_BYTES = 16;
const BLOCK_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function encryptionFailed(): AppError {
  return new AppError(Code.BAD_REQUEST, 'passwordEncryptionFailed');
}

function base64Bytes(value: string): Buffer | undefined {
  if (!BASE64.test(value) || value.length % 4 !== 0) return undefined;
  return Buffer.from(value, 'base64');
}

/**
 * Reverses the client's password transport (DESIGN 3): `base64(iv) + ':' +
 * base64(AES-128-CBC-PKCS7(utf8(password), key = utf8(encryptionKey), iv))`.
 * Anything that does not decrypt to UTF-8 text answers SPEC 5's 'Password
 * encryption failed. Please try again.' (400), never a 500.
 */
export function decryptPassword(payload: string, encryptionKey: string): string {
  if (!ENCRYPTION_KEY_PATTERN.test(encryptionKey)) throw encryptionFailed();
  const parts = payload.split(':');
  if (parts.length !== 2) throw encryptionFailed();
  const iv = base64Bytes(parts[0] ?? '');
  const cipherText = base64Bytes(parts[1] ?? '');
  if (!iv || iv.length !== IV_BYTES) throw encryptionFailed();
  if (!cipherText || cipherText.length === 0 || cipherText.length % BLOCK_BYTES !== 0) {
    throw encryptionFailed();
  }
  try {
    const decipher = createDecipheriv('aes-128-cbc', Buffer.from(encryptionKey, 'utf8'), iv);
    const plain = Buffer.concat([decipher.update(cipherText), decipher.final()]);
    return utf8.decode(plain);
  } catch {
    // Bad padding (wrong key or corrupted text) or bytes that are not UTF-8.
    throw encryptionFailed();
  }
}
