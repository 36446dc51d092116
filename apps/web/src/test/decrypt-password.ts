import { createDecipheriv } from 'node:crypto';

/**
 * The server's side of the password transport (DESIGN 3), written
 * independently with node:crypto, so tests check what actually goes over the wire.
 */
export function decryptWithNode(payload: string, encryptionKey: string): string {
  const [iv = '', cipherText = ''] = payload.split(':');
  const decipher = createDecipheriv(
    'aes-128-cbc',
    Buffer.from(encryptionKey, 'utf8'),
    Buffer.from(iv, 'base64'),
  );
  return Buffer.concat([
    decipher.update(Buffer.from(cipherText, 'base64')),
    decipher.final(),
  ]).toString('utf8');
}
