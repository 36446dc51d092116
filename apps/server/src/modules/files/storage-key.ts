import { createHash } from 'node:crypto';
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

/** A key in the private area: served only with a signature, in every store (ADR 0009, 0051). */
export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_PREFIX);
}

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

/** Hashed at once up to this size (under a millisecond); larger ones in slices. */
const HASH_SLICE_BYTES = 1 << 20;

/**
 * The content address (SHA-256, hex) of bytes about to be stored. A stored
 * picture or AI result can be tens of MB (an AI source kept as lossless PNG,
 * a mesh), about 3 ms of hashing per MB: it is hashed a slice at a time,
 * letting the event loop turn between slices, never in one block.
 */
export async function contentHash(data: Uint8Array): Promise<string> {
  const hash = createHash('sha256');
  for (let offset = 0; offset < data.length; offset += HASH_SLICE_BYTES) {
    if (offset > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    hash.update(data.subarray(offset, offset + HASH_SLICE_BYTES));
  }
  return hash.digest('hex');
}
