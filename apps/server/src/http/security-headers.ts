import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { TS3Config } from '../config';

export type TSecurityHeadersOptions = {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  isProduction: boolean;
  /** Extra origins images and models may come from (S3_PUBLIC_URL, S3_ENDPOINT). */
  fileOrigins: string[];
};

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The origins files are read from when S3 is configured, for img-src and connect-src. */
export function fileOriginsOf(s3: TS3Config | undefined): string[] {
  if (!s3) return [];
  const urls = [
    s3.publicUrl,
    s3.endpoint ?? `https://${s3.bucket}.s3.${s3.region ?? 'us-east-1'}.amazonaws.com`,
  ];
  return [...new Set(urls.map(originOf).filter((o): o is string => o !== undefined))];
}

/**
 * The Content-Security-Policy of the app (ADR 0010). The SPA is one module
 * script from 'self'; antd writes its CSS-in-JS into <style> elements at run
 * time, so style-src allows 'unsafe-inline' (styles only, never scripts);
 * previews of local files and the 3D viewer use blob: URLs; the live stream
 * (SSE) and the API are same-origin. frame-ancestors 'none' stops clickjacking.
 * Plugins are limited to our own files (the PDF preview); nothing else embeds.
 */
export function contentSecurityPolicyDirectives(
  options: Pick<TSecurityHeadersOptions, 'publicUrl' | 'fileOrigins'>,
): Record<string, string[]> {
  const files = options.fileOrigins;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...files],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'blob:', 'data:', ...files],
    'media-src': ["'self'", 'blob:', ...files],
    'worker-src': ["'self'", 'blob:'],
    // The detail's PDF preview is an <object> of a file of ours (or of the S3 origin).
    'object-src': ["'self'", ...files],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
  };
  if (options.publicUrl.startsWith('https:')) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * The security headers of every response (ADR 0010), as helmet writes them
 * with our options: CSP, X-Frame-Options DENY, Referrer-Policy,
 * X-Content-Type-Options nosniff, and HSTS in production behind TLS. They do
 * not depend on the request, so helmet runs once, at start, against a
 * response that only records what it is given.
 */
export function securityHeaders(options: TSecurityHeadersOptions): [string, string][] {
  const https = options.publicUrl.startsWith('https:');
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(options),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      options.isProduction && https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Share images and downloads are fetched by other sites' crawlers.
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
  });
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failure: unknown;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return [...headers];
}

/**
 * Security headers on every response (ADR 0010), computed once. Routes that
 * set their own CSP (the sandbox on served SVG files, the API docs) replace
 * the header in their handler.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: TSecurityHeadersOptions,
): Promise<void> {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    done();
  });
}
