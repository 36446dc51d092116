import type { TLocale } from '@layerline/contract';
import type { TQuery } from './types';

/** Bodies the browser encodes itself and labels with its own Content-Type. */
export function isRawBody(body: unknown): body is XMLHttpRequestBodyInit {
  return (
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

export function encodeBody(body: unknown): XMLHttpRequestBodyInit | undefined {
  if (body === undefined) return undefined;
  return isRawBody(body) ? body : JSON.stringify(body);
}

/**
 * The body part of the de-duplication key. `null` means the body cannot be
 * compared (files, streams), so such requests are never treated as duplicates.
 */
export function bodyKey(body: unknown): string | null {
  if (body === undefined) return '';
  return isRawBody(body) ? null : JSON.stringify(body);
}

/** Undefined and null values are left out instead of being sent as text. */
export function buildUrl(baseUrl: string, path: string, query?: TQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item !== undefined && item !== null) params.append(name, String(item));
    }
  }
  const search = params.toString();
  const url = `${baseUrl.replace(/\/+$/, '')}${path}`;
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

type THeaderInput = {
  locale: TLocale;
  token: string | null;
  body: unknown;
  extra?: Record<string, string>;
};

/**
 * SPEC 7: Content-Type JSON, Content-Language set to the current locale and
 * Authorization Bearer token. Content-Type is only set for JSON bodies: the
 * browser must write the multipart boundary of FormData itself.
 */
export function buildHeaders({ locale, token, body, extra }: THeaderInput) {
  const headers: Record<string, string> = { 'Content-Language': locale };
  if (body !== undefined && !isRawBody(body)) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return { ...headers, ...extra };
}
