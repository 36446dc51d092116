import { LIMITS } from '@layerline/contract';
import type { TTokens } from './types';

type TRefresherOptions = {
  getRefreshToken: () => string | null;
  refresh: (refreshToken: string) => Promise<TTokens>;
  onTokens: (tokens: TTokens) => void;
  onSessionExpired: () => void;
  expiredError: () => Error;
};

export type TRefresher = {
  /** Resolves with a fresh access token; every caller shares the one running refresh. */
  renew: () => Promise<string>;
  readonly isRefreshing: boolean;
  /** Reports the expired session, at most once per reset window. */
  expire: () => void;
};

/**
 * SPEC 4 'Token refresh': the refresh runs once at a time; requests that
 * failed with 401 meanwhile wait for it and are replayed with the new token.
 */
export function createRefresher(options: TRefresherOptions): TRefresher {
  let pending: Promise<string> | null = null;
  let isDialogShown = false;

  function expire() {
    // SPEC 8 401: the dialog flag resets after 1s so it shows once.
    if (isDialogShown) return;
    isDialogShown = true;
    setTimeout(() => {
      isDialogShown = false;
    }, LIMITS.tokenExpiredDialogResetMs);
    options.onSessionExpired();
  }

  async function run(refreshToken: string): Promise<string> {
    let tokens: TTokens;
    try {
      tokens = await options.refresh(refreshToken);
    } catch {
      expire();
      throw options.expiredError();
    }
    options.onTokens(tokens);
    return tokens.access_token;
  }

  function renew(): Promise<string> {
    if (pending) return pending;
    const refreshToken = options.getRefreshToken();
    if (!refreshToken) {
      expire();
      return Promise.reject(options.expiredError());
    }
    const current = run(refreshToken);
    pending = current;
    const settle = () => {
      if (pending === current) pending = null;
    };
    current.then(settle, settle);
    return current;
  }

  return {
    renew,
    expire,
    get isRefreshing() {
      return pending !== null;
    },
  };
}
