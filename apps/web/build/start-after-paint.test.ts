import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from './first-load';
import { homeRouteFiles, inlineStylesheets, startAfterPaint } from './start-after-paint';

// index.html as Vite builds it (ADR 0023): the entry and its preloads in the head.
const BUILT = `<!doctype html><html><head>
    <style>.boot-shell__header{display:flex}</style>
    <script type="module" crossorigin src="/assets/index-a1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-b2.js">
    <link rel="modulepreload" crossorigin href="/assets/app-c3.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d4.css">
  </head><body><div id="root"></div>
    <script src="/boot.js" defer></script>
  </body></html>`;

describe('startAfterPaint', () => {
  const html = startAfterPaint(BUILT);

  it('moves the entry and its preloads onto the boot script, in order', () => {
    expect(html).toContain(
      '<script src="/boot.js" defer data-entry="/assets/index-a1.js" data-preload="/assets/react-b2.js /assets/app-c3.js"></script>',
    );
    expect(html).not.toMatch(/type="module"/);
    expect(html).not.toMatch(/modulepreload/);
  });

  it('leaves the stylesheet and the boot shell alone', () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-d4.css">');
    expect(html).toContain('.boot-shell__header');
  });

  it('keeps the same first load for the budget', () => {
    expect(firstLoadFiles(html)).toEqual({
      js: ['/boot.js', '/assets/index-a1.js', '/assets/react-b2.js', '/assets/app-c3.js'],
      css: ['/assets/index-d4.css'],
    });
  });

  it('fails the build when there is nothing to move or nowhere to put it', () => {
    expect(() =>
      startAfterPaint(BUILT.replace(/<script type="module"[^>]*><\/script>/, '')),
    ).toThrow(/no module entry/);
    expect(() =>
      startAfterPaint(BUILT.replace('<script src="/boot.js" defer></script>', '')),
    ).toThrow(/boot\.js/);
  });
});

describe("the home route's files (ADR 0063)", () => {
  const chunk = (
    fileName: string,
    imports: string[],
    css: string[],
    facade: string | null = null,
  ) =>
    ({
      type: 'chunk',
      fileName,
      facadeModuleId: facade,
      imports,
      moduleIds: [],
      viteMetadata: { importedCss: new Set(css) },
    }) as unknown as Rollup.OutputChunk;
  const bundle = {
    'assets/index-a1.js': chunk(
      'assets/index-a1.js',
      ['assets/react-b2.js'],
      ['assets/index-d4.css'],
    ),
    'assets/react-b2.js': chunk('assets/react-b2.js', [], []),
    'assets/HomePage-e5.js': chunk(
      'assets/HomePage-e5.js',
      ['assets/home-shared-f6.js', 'assets/index-a1.js'],
      ['assets/HomePage-e5.css'],
      '/app/src/features/feed/HomePage.tsx',
    ),
    'assets/home-shared-f6.js': chunk('assets/home-shared-f6.js', [], ['assets/shared-g7.css']),
    'assets/Community-h8.js': chunk('assets/Community-h8.js', [], ['assets/Community-h8.css']),
  } as unknown as Rollup.OutputBundle;

  it("lists the home page's chunk, its static imports and their stylesheets", () => {
    const files = homeRouteFiles(bundle);
    expect([...files.js].sort()).toEqual(
      [
        '/assets/HomePage-e5.js',
        '/assets/home-shared-f6.js',
        '/assets/index-a1.js',
        '/assets/react-b2.js',
      ].sort(),
    );
    expect([...files.css].sort()).toEqual([
      '/assets/HomePage-e5.css',
      '/assets/index-d4.css',
      '/assets/shared-g7.css',
    ]);
  });

  it('puts them on the boot script, leaving out what the first load has already', () => {
    // index-d4.css is the entry's stylesheet, which the page links (or carries) already.
    const html = startAfterPaint(BUILT, homeRouteFiles(bundle));
    expect(html).toMatch(/data-home-preload="[^"]*"/);
    const tag = /data-home-preload="([^"]*)" data-home-styles="([^"]*)"/.exec(html);
    expect(tag?.[1]?.split(' ').sort()).toEqual([
      '/assets/HomePage-e5.js',
      '/assets/home-shared-f6.js',
    ]);
    expect(tag?.[2]?.split(' ').sort()).toEqual([
      '/assets/HomePage-e5.css',
      '/assets/shared-g7.css',
    ]);
    // The first-load budget of index.html still counts the entry and its preloads only.
    expect(firstLoadFiles(html).js).toEqual([
      '/boot.js',
      '/assets/index-a1.js',
      '/assets/react-b2.js',
      '/assets/app-c3.js',
    ]);
  });

  it('adds nothing without a home page chunk', () => {
    expect(homeRouteFiles(undefined)).toEqual({ js: [], css: [] });
    expect(startAfterPaint(BUILT, homeRouteFiles({} as Rollup.OutputBundle))).not.toContain(
      'data-home',
    );
  });
});

describe('inlineStylesheets', () => {
  const css: Record<string, string> = { '/assets/index-d4.css': '.a{color:red}' };
  const html = inlineStylesheets(BUILT, (url) => css[url]);

  it('writes the app stylesheet into the page and names its file', () => {
    expect(html).toContain('<style data-href="/assets/index-d4.css">.a{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(firstLoadFiles(html).css).toEqual(['/assets/index-d4.css']);
  });

  it('keeps the link of a stylesheet it cannot read', () => {
    expect(inlineStylesheets(BUILT, () => undefined)).toBe(BUILT);
  });

  it('cannot end the style element early', () => {
    const sneaky = inlineStylesheets(
      BUILT,
      () => '.a::after{content:"</style><script>x()</script>"}',
    );
    expect(sneaky.match(/<\/style>/g)).toHaveLength(2);
  });
});
