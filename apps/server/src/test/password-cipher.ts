import { createCipheriv, randomBytes, randomInt } from 'node:crypto';

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** DESIGN 3: 16 random letters and digits, new for every form submission. */
export function newEncryptionKey(): string {
  let key = '';
  for (let i = 0; i < 16; i += 1) key += KEY_CHARS[randomInt(KEY_CHARS.length)];
  return key;
}

/**
 * Encrypts a password the way the web client does (DESIGN 3):
 * base64(iv) + ':' + base64(AES-128-CBC-PKCS7(utf8(password), key = utf8(encryptionKey), iv)).
 */
export function encryptWithKey(password: string, encryptionKey: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv('aes-128-cbc', Buffer.from(encryptionKey, 'utf8'), iv);
  const body = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return `${iv.toString('base64')}:${body.toString('base64')}`;
}

/** `{ password, encryptionKey }` ready to spread into a login or forgot-password body. */
export function encryptPassword(password: string, encryptionKey = newEncryptionKey()) {
  return { password: encryptWithKey(password, encryptionKey), encryptionKey };
}
