import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TClock } from '../../lib/clock';

/** How long a signed design-file URL works (ADR 0009): long enough to load a preview. */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * Short-lived HMAC-signed URLs for private files (design files and
 * instructions, ADR 0009). Only code that has checked the work is visible to
 * the reader hands them out; `/files/` serves a private key only with a valid,
 * unexpired signature. Expiry is rounded up to the TTL window, so a page's
 * URLs stay the same for a while and the browser cache can reuse them.
 */
export class FileUrlSigner {
  constructor(
    private readonly key: Buffer,
    private readonly clock: TClock,
    private readonly ttlSeconds = SIGNED_URL_TTL_SECONDS,
  ) {}

  private signature(storageKey: string, expires: number): string {
    return createHmac('sha256', this.key)
      .update(`file-url\0${storageKey}\0${expires}`)
      .digest('base64url');
  }

  /** `url` (which names `storageKey`) with `?expires=…&sig=…` appended. */
  sign(url: string, storageKey: string): string {
    const now = Math.floor(this.clock().getTime() / 1000);
    const expires = (Math.floor(now / this.ttlSeconds) + 2) * this.ttlSeconds;
    const sig = this.signature(storageKey, expires);
    return `${url}${url.includes('?') ? '&' : '?'}expires=${expires}&sig=${sig}`;
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
