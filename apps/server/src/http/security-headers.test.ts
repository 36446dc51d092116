import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-headers-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>__PRODUCT_TITLE__</title></head><body></body></html>',
  );
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

async function withApp<T>(
  env: Record<string, string>,
  run: (t: TTestApp) => Promise<T>,
): Promise<T> {
  const t = await createTestApp({ env: { WEB_DIST_DIR: dist, ...env } });
  try {
    return await run(t);
  } finally {
    await t.close();
  }
}

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers (ADR 0010)', () => {
  it('gives HTML pages a CSP, clickjacking protection and a referrer policy', async () => {
    await withApp({}, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/search' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'self'"]);
      expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
      expect(csp.has('upgrade-insecure-requests')).toBe(false);
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('marks API JSON nosniff, errors included', async () => {
    await withApp({}, async (t) => {
      const ok = await t.app.inject({ method: 'GET', url: '/api/v1/categroy/all' });
      expect(ok.headers['content-type']).toContain('application/json');
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
      const missing = await t.app.inject({ method: 'GET', url: '/api/v1/works/999999' });
      expect(missing.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it('sends HSTS and upgrades requests only in production behind https', async () => {
    await withApp({ NODE_ENV: 'production', PUBLIC_URL: 'https://maker.example' }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const csp = directives(res.headers['content-security-policy'] as string);
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
    });
    await withApp({ NODE_ENV: 'production', PUBLIC_URL: 'http://maker.example' }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });
  });

  it('lets images and models come from the S3 public URL when configured', async () => {
    await withApp(
      {
        S3_BUCKET: 'works',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_PUBLIC_URL: 'https://cdn.maker.example/works',
      },
      async (t) => {
        const res = await t.app.inject({ method: 'GET', url: '/' });
        const csp = directives(res.headers['content-security-policy'] as string);
        expect(csp.get('img-src')).toEqual(
          expect.arrayContaining(['https://cdn.maker.example', 'http://127.0.0.1:9000']),
        );
        expect(csp.get('connect-src')).toContain('https://cdn.maker.example');
      },
    );
  });

  it('serves /api/docs outside production, and in production only with API_DOCS=1', async () => {
    await withApp({}, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
    });
    await withApp({ NODE_ENV: 'production' }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404 });
    });
    await withApp({ NODE_ENV: 'production', API_DOCS: '1' }, async (t) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
    });
  });
});
