import { DEFAULT_LOCALE, isLocale } from '@layerline/contract';
import { createApiClient } from './client';
import { createEndpointCaller, createEndpointPeeker } from './endpoint';
import { pageHomeAnswers } from './home-answers';
import { createCatalogTranslator } from './messages';
import type { TApiClient, TApiClientOptions } from './types';

export { createApiClient } from './client';
export { filenameFromDisposition } from './content-disposition';
export {
  ContractDriftError,
  checkAnswer,
  type TAnswer,
  type TAnswerData,
  type TCallInput,
  type TJsonEndpoint,
  takeContractDrifts,
} from './endpoint';
export { ApiError, isApiError, isCancel, type TApiErrorKind } from './errors';
export { createCatalogTranslator } from './messages';
export { blobFilename } from './transport';
export type {
  TApiClient,
  TApiClientOptions,
  TApiEnvelope,
  TApiMessageKey,
  TEnvelopeExtras,
  THttpMethod,
  TNotifyKind,
  TQuery,
  TRequestConfig,
  TRequestOptions,
  TRetryVariant,
  TTokens,
  TTranslate,
  TUploadOptions,
  TUploadProgress,
} from './types';

/** SPEC 3: the language is kept under the 'locale' local storage key. */
function storedLocale() {
  const value = typeof localStorage === 'undefined' ? null : localStorage.getItem('locale');
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

function defaultOptions(): TApiClientOptions {
  return {
    baseUrl: '',
    getLocale: storedLocale,
    getToken: () => null,
    getRefreshToken: () => null,
    onTokens: () => {},
    onSessionExpired: () => {},
    onNotFound: () => {
      if (typeof window !== 'undefined') window.location.assign('/404');
    },
    notify: () => {},
    t: createCatalogTranslator(storedLocale),
    variant: 'default',
    homeAnswers: pageHomeAnswers(),
  };
}

let settings = defaultOptions();
let current = createApiClient(settings);

/**
 * Called once by the app at start-up with its session store, router, toasts,
 * i18next translator and Query client. It replaces the default client, so it
 * belongs before the first call (the de-duplication record and queue start
 * empty again).
 */
export function configureApiClient(options: Partial<TApiClientOptions>): void {
  settings = { ...settings, ...options };
  current = createApiClient(settings);
}

/**
 * Back to the client the page starts with: default settings, and an empty
 * de-duplication record and queue. Each test starts from it, so what one
 * test sent (a POST within SPEC 7's 500 ms window) cannot change what the
 * next one sees.
 */
export function resetApiClient(): void {
  settings = defaultOptions();
  current = createApiClient(settings);
}

/** The app's client; it always forwards to the most recently configured instance. */
export const apiClient: TApiClient = {
  request: (config) => current.request(config),
  get: (path, options) => current.get(path, options),
  getBlob: (path, options) => current.getBlob(path, options),
  post: (path, body, options) => current.post(path, body, options),
  put: (path, body, options) => current.put(path, body, options),
  del: (path, options) => current.del(path, options),
  upload: (path, formData, options) => current.upload(path, formData, options),
  peek: (path, options) => current.peek(path, options),
};

/** A call derived from the contract's endpoint table, through the app's client (ADR 0021). */
export const callApi = createEndpointCaller(apiClient);

/** The answer a GET endpoint has at once, without the network, or undefined (`TApiClient.peek`). */
export const peekApi = createEndpointPeeker(apiClient);
