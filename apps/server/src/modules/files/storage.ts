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

export interface FileStorage {
  put(data: Buffer, meta: { filename: string; mime: string }): Promise<TStoredObject>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  urlFor(key: string): string;
  /** The key behind a URL this store handed out; undefined for any other URL. */
  keyFromUrl(url: string): string | undefined;
}
