import { ENCRYPTION_KEY_PATTERN } from '@layerline/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decryptWithNode } from '../../test/decrypt-password';
import {
  cipherChunk,
  createEncryptionKey,
  encryptPassword,
  encryptPasswords,
  isPasswordEncryptionError,
} from './password-crypto';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('password transport encryption (SPEC 7, DESIGN 3)', () => {
  it('loads the AES code once, on first use, and shares it', async () => {
    expect(cipherChunk.loaded()).toBeNull();
    const first = cipherChunk.load();
    expect(cipherChunk.load()).toBe(first);
    expect(typeof (await first).cbc).toBe('function');
  });

  it('makes 16-character alphanumeric keys, different each time', () => {
    const keys = new Set(Array.from({ length: 50 }, createEncryptionKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(ENCRYPTION_KEY_PATTERN);
  });

  it('round-trips through AES-128-CBC with PKCS7 as base64(iv):base64(ciphertext)', async () => {
    const key = createEncryptionKey();
    for (const plain of [
      'password1',
      '12345678901234567890',
      '密码是中文的🙂',
      'exactly16chars!!',
    ]) {
      const payload = await encryptPassword(plain, key);
      const [iv, cipherText] = payload.split(':');
      expect(Buffer.from(iv ?? '', 'base64')).toHaveLength(16);
      expect(Buffer.from(cipherText ?? '', 'base64').length % 16).toBe(0);
      expect(decryptWithNode(payload, key)).toBe(plain);
    }
  });

  it('uses a fresh IV per value, so equal passwords give different texts', async () => {
    const key = createEncryptionKey();
    const first = await encryptPassword('same-password', key);
    const second = await encryptPassword('same-password', key);
    expect(first).not.toBe(second);
    expect(first.split(':')[0]).not.toBe(second.split(':')[0]);
  });

  it('encrypts every password of one submission with the same key', async () => {
    const { encryptionKey, encrypted } = await encryptPasswords({
      password: 'new-password-1',
      confirmPassword: 'new-password-1',
    });
    expect(encryptionKey).toMatch(ENCRYPTION_KEY_PATTERN);
    expect(decryptWithNode(encrypted.password, encryptionKey)).toBe('new-password-1');
    expect(decryptWithNode(encrypted.confirmPassword, encryptionKey)).toBe('new-password-1');
  });

  it('still encrypts over plain HTTP, where crypto.subtle does not exist', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    const { encryptionKey, encrypted } = await encryptPasswords({ password: 'lan-login-1' });
    expect(decryptWithNode(encrypted.password, encryptionKey)).toBe('lan-login-1');
    vi.unstubAllGlobals();
  });

  it('fails with PasswordEncryptionError when no random source exists', async () => {
    vi.stubGlobal('crypto', undefined);
    const error = await encryptPasswords({ password: 'password1' }).catch((caught) => caught);
    expect(isPasswordEncryptionError(error)).toBe(true);
  });
});
