/** The part of @20minutes/s3rver (a maintained fork of s3rver; it ships no types) the tests use. */
declare module '@20minutes/s3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type TS3rverOptions = {
    silent?: boolean;
    directory?: string;
    vhostBuckets?: boolean;
    allowMismatchedSignatures?: boolean;
    /** Buckets made at start, each with its configuration documents (CORS, website XML). */
    configureBuckets?: ReadonlyArray<{ name: string; configs: ReadonlyArray<string | Buffer> }>;
  };

  export default class S3rver {
    constructor(options: TS3rverOptions);
    configureBuckets(): Promise<void>;
    getMiddleware(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
