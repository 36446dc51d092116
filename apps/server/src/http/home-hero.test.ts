import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBanner } from '../test/factories';
import { createTestApp, type TTestApp } from '../test/test-app';
import { HOME_HERO_PLACEHOLDER, withHomeHero } from './web-app';

// The shape of the built index.html: the boot shell with the hero's place in it.
const INDEX = `<!doctype html><html><head><title>__PRODUCT_TITLE__ - Home</title></head>
<body><div id="root"><div class="boot-shell__header"></div>${HOME_HERO_PLACEHOLDER}</div></body></html>`;

let dist: string;
let t: TTestApp;
let empty: TTestApp;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-hero-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  // SPEC 4 carousel order: active items of type 1 by sort.
  await createBanner(t.db, { type: 1, sort: 2, img: '/files/ab/second.webp' });
  await createBanner(t.db, { type: 1, sort: 0, img: '/files/ab/hidden.webp', isActive: false });
  await createBanner(t.db, { type: 2, sort: 0, img: '/files/ab/grid.webp' });
  await createBanner(t.db, { type: 1, sort: 1, img: '/files/ab/first.webp' });
  empty = await createTestApp({ env: { WEB_DIST_DIR: dist } });
});

afterAll(async () => {
  await empty.close();
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const HERO =
  '<div class="boot-shell__hero"><img src="/files/ab/first.webp" alt="" fetchpriority="high" /></div>';

describe('the home page paints its first carousel image with the HTML', () => {
  it('puts the first active carousel slide in the boot shell of / and /index.html', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(HERO);
      expect(res.body).not.toContain(HOME_HERO_PLACEHOLDER);
      expect(res.body.match(/boot-shell__hero/g)).toHaveLength(1);
    }
  });

  it('revalidates the home page by its own ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    const etag = String(first.headers.etag);
    const again = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: '/community' });
    expect(other.headers.etag).not.toBe(etag);
  });

  it('leaves other pages without it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/collections/3' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('boot-shell__hero');
  });

  it('sends the plain page when there is no carousel', async () => {
    const res = await empty.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('boot-shell__hero');
  });

  it('escapes the address and refuses anything but a path or an http(s) address', () => {
    const html = `<div>${HOME_HERO_PLACEHOLDER}</div>`;
    expect(withHomeHero(html, '/files/a"b<c>.webp')).toContain(
      'src="/files/a&quot;b&lt;c&gt;.webp"',
    );
    expect(withHomeHero(html, 'https://cdn.example.test/a.webp')).toContain(
      'src="https://cdn.example.test/a.webp"',
    );
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/a.webp',
      'data:image/png;base64,x',
      '',
    ]) {
      expect(withHomeHero(html, bad)).toBe(html);
    }
    expect(withHomeHero(html, undefined)).toBe(html);
  });
});
