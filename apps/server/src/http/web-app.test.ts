import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app';
import { escapeHtml } from './web-app';

const APP_JS = `console.log("app");${' '.repeat(2000)}`;

const INDEX = `<!doctype html>
<html><head><title>__PRODUCT_TITLE__ - Home</title>
<meta name="application-name" content="__PRODUCT_TITLE__"></head>
<body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>`;

let dist: string;
let t: TTestApp;
let bare: TTestApp;

beforeAll(async () => {
  // A fake web build, so these tests never depend on building apps/web.
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log("app")');
  // What the web build's compression step writes beside a file.
  await writeFile(path.join(dist, 'assets', 'big-abc123.js'), APP_JS);
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.br'), brotliCompressSync(APP_JS));
  await writeFile(path.join(dist, 'assets', 'big-abc123.js.gz'), gzipSync(APP_JS));
  await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // A chunk a deploy takes away while the server runs (ADR 0054).
  await writeFile(path.join(dist, 'assets', 'page-old123.js'), 'export const page = 1;');
  t = await createTestApp({
    env: { WEB_DIST_DIR: dist, PRODUCT_TITLE: `Maker's <Lab> & "Co"` },
  });
  bare = await createTestApp();
});

afterAll(async () => {
  await bare.close();
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

describe('web app', () => {
  it('serves index.html with every title placeholder replaced, HTML-escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    const escaped = 'Maker&#39;s &lt;Lab&gt; &amp; &quot;Co&quot;';
    expect(res.body).toContain(`<title>${escaped} - Home</title>`);
    expect(res.body).toContain(`<meta name="application-name" content="${escaped}">`);
    expect(res.body).not.toContain('__PRODUCT_TITLE__');
  });

  it('falls back to index.html for app routes (SPA)', async () => {
    for (const url of ['/community', '/userInfor/12', '/collections/3?x=1', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 304 to a revalidation of the unchanged index', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/publish',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves hashed assets as immutable for a year', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log("app")');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the brotli or gzip copy of an asset by Accept-Encoding, varying on it', async () => {
    const url = '/assets/big-abc123.js';
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(APP_JS);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(APP_JS);

    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': '' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(APP_JS);
  });

  it('sends the original when an asset has no compressed copy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('console.log("app")');
  });

  it('does not serve the compressed copies under their own names', async () => {
    for (const url of ['/assets/big-abc123.js.br', '/assets/big-abc123.js.gz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
  });

  it('serves other build files with revalidation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404, not the page, for a missing asset, never to be kept (ADR 0054)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers the same for a chunk taken away after the server started (ADR 0054)', async () => {
    const url = '/assets/page-old123.js';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    await rm(path.join(dist, 'assets', 'page-old123.js'));
    const res = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('keeps /api paths out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/material/list' });
    expect(list.json()).toMatchObject({ code: 200 });
  });

  it('answers a short plain-text note when the web app is not built', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/community' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('web app is not built');
    const api = await bare.app.inject({ method: 'GET', url: '/api/v1/nothing' });
    expect(api.json()).toMatchObject({ code: 404 });
  });

  it('escapes every HTML-special character', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
