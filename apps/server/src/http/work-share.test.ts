import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWork } from '../test/factories';
import { createTestApp, type TTestApp } from '../test/test-app';
import { shortDescription } from './share-meta';

/** The head of the web build, with its default tags (apps/web/index.html). */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>__PRODUCT_TITLE__ - Home</title>
    <meta
      name="description"
      content="Discover and share 3D printing, laser engraving and other creative works."
    />
    <link rel="canonical" href="/" />
    <meta property="og:type" content="website" />
    <meta property="og:site_name" content="__PRODUCT_TITLE__" />
    <meta property="og:title" content="__PRODUCT_TITLE__ - Home" />
    <meta property="og:url" content="/" />
    <meta property="og:image" content="/og-image.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <meta name="twitter:title" content="__PRODUCT_TITLE__ - Home" />
    <meta name="twitter:image" content="/og-image.png" />
  </head>
  <body><div id="root"></div></body>
</html>`;

let dist: string;
let t: TTestApp;
let work: { id: number };
let noCover: { id: number };
let hidden: { id: number };

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'layerline-share-'));
  await writeFile(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({
    env: { WEB_DIST_DIR: dist, PUBLIC_URL: 'https://makers.example', PRODUCT_TITLE: 'Layerline' },
  });
  work = await createWork(t.db, {
    title: 'Desk <clip> & "hook"',
    summary: `A clip for cables.\n\nPrints in <b>10 minutes</b>. ${'Long text. '.repeat(40)}`,
    cover: ['/files/ab/first.webp', '/files/cd/second.webp'],
  });
  noCover = await createWork(t.db, { title: 'Plain', summary: '', cover: [] });
  hidden = await createWork(t.db, { title: 'Secret draft', status: 'in_review' });
});

afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const page = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  return res.body;
};

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0;

describe('GET /work/{id}', () => {
  it('renders the published work’s share tags, escaped, with absolute URLs', async () => {
    const html = await page(`/work/${work.id}`);
    const title = 'Desk &lt;clip&gt; &amp; &quot;hook&quot; - Layerline';
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta name="twitter:title" content="${title}" />`);
    expect(html).toContain('<meta property="og:type" content="article" />');
    const url = `https://makers.example/work/${work.id}`;
    expect(html).toContain(`<meta property="og:url" content="${url}" />`);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    const image = 'https://makers.example/files/ab/first.webp';
    expect(html).toContain(`<meta property="og:image" content="${image}" />`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}" />`);
    expect(html).toContain(
      '<meta name="description" content="A clip for cables. Prints in &lt;b&gt;10 minutes&lt;/b&gt;. Long text.',
    );
    expect(html).toMatch(/<meta property="og:description" content="A clip for cables\.[^"]*…" \/>/);
    // The defaults are replaced, not repeated.
    for (const tag of [
      /<title>/g,
      /name="description"/g,
      /property="og:title"/g,
      /property="og:image"/g,
      /rel="canonical"/g,
      /name="twitter:card"/g,
    ]) {
      expect(count(html, tag)).toBe(1);
    }
    expect(html).not.toContain('- Home');
    expect(html).toContain('<div id="root"></div>');
  });

  it('keeps the default image when the work has no cover, and describes it by its title', async () => {
    const html = await page(`/work/${noCover.id}`);
    expect(html).toContain('<title>Plain - Layerline</title>');
    expect(html).toContain('<meta name="description" content="Plain" />');
    expect(html).toContain('<meta property="og:image" content="/og-image.png" />');
  });

  it('falls back to the plain page for unpublished, unknown or odd ids', async () => {
    for (const url of [
      `/work/${hidden.id}`,
      '/work/999999',
      '/work/abc',
      '/work/0',
      '/work/99999999999',
    ]) {
      const html = await page(url);
      expect(html).toContain('<title>Layerline - Home</title>');
      expect(html).not.toContain('Secret draft');
    }
  });
});

describe('shortDescription', () => {
  it('keeps short text, and cuts long text at a word with an ellipsis', () => {
    expect(shortDescription('  two\n lines ')).toBe('two lines');
    const cut = shortDescription(`${'word '.repeat(60)}`, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });
});
