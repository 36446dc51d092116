import { createCipheriv, randomBytes } from 'node:crypto';
import { Code } from '@layerline/contract';
import { describe, expect, it } from 'vitest';
import { encryptPassword, encryptWithKey, newEncryptionKey } from '../../test/password-cipher';
import { decryptPassword } from './password-cipher';

const failure = { code: Code.BAD_REQUEST, messageKey: 'passwordEncryptionFailed' };

describe('decryptPassword (DESIGN 3 transport)', () => {
  it('reads what the client encrypts, including non-ASCII and 16-byte passwords', () => {
    for (const plain of ['secret123', '密码是安全的abc', '0123456789abcdef', 'a']) {
      const { password, encryptionKey } = encryptPassword(plain);
      expect(encryptionKey).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(decryptPassword(password, encryptionKey)).toBe(plain);
    }
  });

  it.each([
    ['no separator', 'bm90LWNpcGhlcg=='],
    ['too many parts', 'a:b:c'],
    ['iv not base64', `!!!:${Buffer.alloc(16).toString('base64')}`],
    ['short iv', `${Buffer.alloc(8).toString('base64')}:${Buffer.alloc(16).toString('base64')}`],
    ['empty ciphertext', `${Buffer.alloc(16).toString('base64')}:`],
    [
      'ciphertext not a block multiple',
      `${Buffer.alloc(16).toString('base64')}:${Buffer.alloc(15).toString('base64')}`,
    ],
    ['plain text', 'secret123'],
  ])('refuses %s with passwordEncryptionFailed', (_name, payload) => {
    expect(() => decryptPassword(payload, newEncryptionKey())).toThrow(
      expect.objectContaining(failure),
    );
  });

  it('refuses a wrong key and a malformed key', () => {
    const key = newEncryptionKey();
    const payload = encryptWithKey('secret123', key);
    let wrongKeyFailures = 0;
    // A wrong key yields valid padding about once in 256 tries; it then decrypts to junk.
    for (let i = 0; i < 20; i += 1) {
      try {
        expect(decryptPassword(payload, newEncryptionKey())).not.toBe('secret123');
      } catch (error) {
        expect(error).toMatchObject(failure);
        wrongKeyFailures += 1;
      }
    }
    expect(wrongKeyFailures).toBeGreaterThan(15);
    expect(() => decryptPassword(payload, 'short')).toThrow(expect.objectContaining(failure));
    expect(() => decryptPassword(payload, `${key.slice(0, 15)}!`)).toThrow(
      expect.objectContaining(failure),
    );
  });

  it('refuses bytes that are not UTF-8', () => {
    const key = newEncryptionKey();
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(key), iv);
    const body = Buffer.concat([cipher.update(Buffer.from([0xff, 0xfe, 0xfd])), cipher.final()]);
    const payload = `${iv.toString('base64')}:${body.toString('base64')}`;
    expect(() => decryptPassword(payload, key)).toThrow(expect.objectContaining(failure));
  });
});
