import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the server started by the global setup, e.g. http://127.0.0.1:40123. */
    baseUrl: string;
    /** DATA_DIR of that server (its mail outbox is under mail/). */
    dataDir: string;
    /** Non-empty when the browser tests must be skipped, saying why. */
    e2eSkipReason: string;
  }
}

/** Why the journeys are skipped, or '' when they run; read at collection time. */
export const e2eSkipReason = (): string => inject('e2eSkipReason');

export const baseUrl = (): string => {
  const url = inject('baseUrl');
  if (!url) throw new Error('baseUrl not provided: the e2e global setup did not start the server');
  return url;
};

export const dataDir = (): string => {
  const dir = inject('dataDir');
  if (!dir) throw new Error('dataDir not provided: the e2e global setup did not start the server');
  return dir;
};
