import { httpStatusFor, type TMessageKey } from '@layerline/contract';

export type TMessageParams = Record<string, string | number>;

/**
 * A failure the client is meant to see: `code` is SPEC 8's (or ours, DESIGN 3),
 * `messageKey` picks the localised `msg`, `data` rides along in the envelope.
 * Services throw it; the global error handler turns it into the envelope.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: number,
    readonly messageKey: TMessageKey,
    readonly params: TMessageParams = {},
    readonly data: unknown = null,
    /** `cause`: the server-side failure behind it, logged but never sent. */
    options?: { cause?: unknown },
  ) {
    super(messageKey, options);
    this.name = 'AppError';
    this.statusCode = httpStatusFor(code);
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
