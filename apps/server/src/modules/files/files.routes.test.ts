import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app';
import type { TStoredObject } from './storage';

let t: TTestApp;
let png: TStoredObject;
let svg: TStoredObject;
let html: TStoredObject;

const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  png = await t.storage.put(PNG_BYTES, { filename: 'cover.png', mime: 'image/png' });
  svg = await t.storage.put(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    { filename: 'logo.svg', mime: 'image/svg+xml' },
  );
  html = await t.storage.put(Buffer.from('<script>alert(1)</script>'), {
    filename: 'page.html',
    mime: 'text/html',
  });
});

afterAll(async () => {
  await t.close();
});

describe('GET /files/*', () => {
  it('serves a stored file with immutable caching and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: png.url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG_BYTES);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers.etag).toBe(`"${png.sha256}"`);
  });

  it('answers 304 when the client has it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: png.url,
      headers: { 'if-none-match': `"${png.sha256}"` },
    });
    expect(res.statusCode).toBe(304);
  });

  it('serves SVG under a CSP that forbids script', async () => {
    const res = await t.app.inject({ method: 'GET', url: svg.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  });

  it('sends other types as an opaque download, never as a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: html.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe('attachment');
  });

  it.each([
    '/files/../package.json',
    '/files/..%2f..%2fpackage.json',
    '/files/%2e%2e/%2e%2e/etc/passwd',
    '/files/',
    '/files/ab',
    `/files/${'0'.repeat(2)}/${'0'.repeat(64)}.png`,
  ])('answers 404 for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"name"');
  });
});
