import type { Readable } from 'node:stream';

/**
 * Where uploaded and generated files live (DESIGN 2): local disk under
 * DATA_DIR/files by default, an S3-compatible store when S3_* is set.
 * Objects are content-addressed, so the same bytes are stored once.
 */
export type TStoredObject = {
  key: string;
  url: string;
  size: number;
  sha256: string;
  mime: string;
  filename: string;
};

export type TFileMeta = {
  filename: string;
  mime: string;
  /**
   * A design file or instruction (ADR 0009). An object store keeps it under
   * `private/`, out of anonymous reach; local disk keeps it with the rest and
   * `/files/` checks the files table.
   */
  isPrivate?: boolean;
  /**
   * An AI input or result (ADR 0051): its owner's alone until a work takes a
   * copy. Every store keeps it under `private/`, which nobody reads without
   * a signature, whatever the files table says.
   */
  ownerOnly?: boolean;
  /**
   * The bytes' SHA-256 when a worker thread has taken it (an AI result,
   * ADR 0057): `put` trusts it instead of hashing them on the event loop.
   */
  sha256?: string;
};

export interface FileStorage {
  put(data: Buffer, meta: TFileMeta): Promise<TStoredObject>;
  /**
   * Stores a file already on local disk whose hash and size the caller
   * measured while receiving it (large uploads never sit in memory). The
   * source file is consumed: moved or copied, and no longer the caller's.
   */
  putFile(
    source: string,
    meta: TFileMeta & { sha256: string; size: number },
  ): Promise<TStoredObject>;
  /**
   * Stores a smaller copy of the WebP at `key`, `width` pixels wide, under
   * the key named after it ('ab/<hash>.w320.webp'), and returns that key.
   */
  putVariant(key: string, width: number, data: Buffer): Promise<string>;
  read(key: string): Promise<Buffer>;
  /** Streams a stored object (downloads); errors on the stream when the key is unknown. */
  createReadStream(key: string): Readable;
  exists(key: string): Promise<boolean>;
  /** Removes a stored object; a missing one is not an error (content-addressed, shared bytes). */
  delete(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key behind a URL this store handed out (presigned ones too); undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
  /**
   * A URL that lets a browser GET the object without credentials, signed at
   * `signedAt` for `expiresSeconds` (ADR 0009). Object stores only; local disk
   * has FileUrlSigner's signed /files/ URLs instead.
   */
  presignedUrl?(key: string, signedAt: Date, expiresSeconds: number): string;
}
