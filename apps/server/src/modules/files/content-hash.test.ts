import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentHash } from './storage-key';

describe('contentHash: the content address of bytes to store', () => {
  it('is the SHA-256 of the whole, for sizes below, at and across the slice size', async () => {
    for (const size of [0, 1, (1 << 20) - 1, 1 << 20, 3 * (1 << 20) + 17]) {
      const data = randomBytes(size);
      expect(await contentHash(data), `${size} bytes`).toBe(
        createHash('sha256').update(data).digest('hex'),
      );
    }
  });

  it('lets the event loop turn while it hashes a large picture', async () => {
    const data = randomBytes(8 << 20);
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    const hashing = contentHash(data).then((hex) => ({ hex, turnedBefore: turned }));
    // Hashed in one block, the digest would be ready before any queued callback ran.
    expect((await hashing).turnedBefore).toBe(true);
  });
});
