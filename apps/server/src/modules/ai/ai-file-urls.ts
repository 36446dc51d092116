import type { TAiJob } from '@layerline/contract';
import { type FileStorage, type FileUrlSigner, unsignedUrl } from '../files';

/** Params that name a picture of the owner's: the source and the eraser's mask. */
export const AI_FILE_FIELDS = ['imageUrl', 'maskUrl'] as const;

/**
 * The addresses of a job's files (ADR 0051): stored plain, answered signed.
 * AI inputs and results are their owner's alone, and only the owner's own
 * answers (create, get, list, cancel, the live stream) carry them, each
 * signed with the design files' mechanism (ADR 0009), so the owner's client
 * uses them as they are in an image, a preview or a download.
 */
export type TAiFileUrls = {
  /** A signed address of a stored file's URL, for 10 to 20 minutes. */
  sign(url: string): string;
  /** The stored URL of an address the owner was handed (signed or not); others as given. */
  stored(url: string): string;
};

export function aiFileUrls(
  signer: Pick<FileUrlSigner, 'sign'>,
  storage: Pick<FileStorage, 'keyFromUrl' | 'urlFor'>,
): TAiFileUrls {
  return {
    sign: (url) => signer.sign(url),
    stored: (url) => {
      const key = storage.keyFromUrl(unsignedUrl(url)) ?? storage.keyFromUrl(url);
      return key ? storage.urlFor(key) : url;
    },
  };
}

/** The job's file addresses signed: its results, and the source and mask in its params. */
export function signedFiles(
  job: Pick<TAiJob, 'params' | 'resultFiles'>,
  urls: Pick<TAiFileUrls, 'sign'>,
): Pick<TAiJob, 'params' | 'resultFiles'> {
  const params = { ...job.params };
  for (const field of AI_FILE_FIELDS) {
    const value = params[field];
    if (typeof value === 'string') params[field] = urls.sign(value);
  }
  return { params, resultFiles: job.resultFiles.map((url) => urls.sign(url)) };
}

/** Params as the owner sent them, with their file addresses turned back into stored URLs. */
export function storedParams(
  raw: Record<string, unknown>,
  urls: Pick<TAiFileUrls, 'stored'>,
): Record<string, unknown> {
  const params = { ...raw };
  for (const field of AI_FILE_FIELDS) {
    const value = params[field];
    if (typeof value === 'string') params[field] = urls.stored(value);
  }
  return params;
}
