import path from 'node:path';

/**
 * `ab/<64 hex>.ext`, or `private/ab/<64 hex>.ext` for a design file or
 * instruction in an object store (ADR 0009), or `ab/<64 hex>.w320.webp` for
 * a smaller copy of a stored image (its variant): the only shapes a key can
 * take, so no key can leave the store.
 */
const KEY_PATTERN = /^(private\/)?([0-9a-f]{2})\/\2[0-9a-f]{62}(\.w\d{2,4})?(\.[a-z0-9]{1,16})?$/;

/** Where an object store keeps private objects, so its policy can refuse anonymous reads there. */
export const PRIVATE_PREFIX = 'private/';

/** The filename's extension, lowercased, letters and digits only ('' when none is left). */
export function safeExtension(filename: string): string {
  const ext = path
    .extname(filename)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16);
  return ext ? `.${ext}` : '';
}

export function storageKey(sha256: string, filename: string, isPrivate = false): string {
  const key = `${sha256.slice(0, 2)}/${sha256}${safeExtension(filename)}`;
  return isPrivate ? `${PRIVATE_PREFIX}${key}` : key;
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key.slice(0, 100))}`);
    this.name = 'InvalidStorageKeyError';
  }
}

/** The key of a stored WebP's copy `width` pixels wide: 'ab/<hash>.w320.webp'. */
export function variantKey(key: string, width: number): string {
  if (!/^[0-9a-f]{2}\/[0-9a-f]{64}\.webp$/.test(key)) throw new InvalidStorageKeyError(key);
  return `${key.slice(0, -'.webp'.length)}.w${width}.webp`;
}

/** The image a variant key is a copy of ('ab/<hash>.w320.webp' -> 'ab/<hash>.webp'). */
export function variantParentKey(key: string): string {
  return key.replace(/\.w\d{2,4}\.webp$/, '.webp');
}
