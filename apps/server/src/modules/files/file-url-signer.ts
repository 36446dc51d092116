import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TClock } from '../../lib/clock';
import type { FileStorage } from './storage';

/** How long a signed design-file URL works (ADR 0009): long enough to load a preview. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * Short-lived signed URLs for private files (design files and instructions,
 * ADR 0009). Only code that has checked the work is visible to the reader
 * hands them out. On local disk they are HMAC-signed `/files/` URLs, which
 * `/files/` serves only with a valid, unexpired signature; in an object store
 * they are the store's presigned GET URLs (S3: SigV4 query authentication).
 * Both are signed for the same window: expiry is rounded up to the TTL window,
 * so a page's URLs stay the same for a while and the browser cache can reuse
 * them.
 */
export class FileUrlSigner {
  private readonly ttlSeconds: number;

  constructor(
    private readonly key: Buffer,
    private readonly clock: TClock,
    private readonly storage: Pick<FileStorage, 'keyFromUrl' | 'presignedUrl'>,
    options: { ttlSeconds?: number } = {},
  ) {
    this.ttlSeconds = options.ttlSeconds ?? SIGNED_URL_TTL_SECONDS;
  }

  private signature(storageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`file-url\0${storageKey}\0${expires}`)
      .digest('base64url');
  }

  /**
   * A URL for the stored file `url` that works for 10 to 20 minutes: our own
   * `/files/` URL with `?expires=…&sig=…` appended, or the object store's
   * presigned URL. A URL that names no object of the store is answered as it is.
   */
  sign(url: string): string {
    const storageKey = this.storage.keyFromUrl(url);
    if (!storageKey) return url;
    const now = Math.floor(this.clock().getTime() / 1000);
    const window = Math.floor(now / this.ttlSeconds) * this.ttlSeconds;
    const expires = window + 2 * this.ttlSeconds;
    if (url.startsWith('/')) {
      const sig = this.signature(storageKey, expires);
      return `${url}${url.includes('?') ? '&' : '?'}expires=${expires}&sig=${sig}`;
    }
    // Signed at the window's start, so every reader in the window gets the same URL.
    return (
      this.storage.presignedUrl?.(storageKey, new Date(window * 1000), expires - window) ?? url
    );
  }

  /** Seconds the signature still holds; 0 when missing, forged or expired. */
  remaining(storageKey: string, expires: unknown, sig: unknown): number {
    if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires)) {
      return 0;
    }
    const left = Number(expires) - Math.floor(this.clock().getTime() / 1000);
    if (left <= 0) return 0;
    const expected = Buffer.from(this.signature(storageKey, Number(expires)));
    const given = Buffer.from(sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 0;
    return left;
  }
}

/** A stored URL without the signature a reader was handed (forms send detail URLs back). */
export function unsignedUrl(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}
