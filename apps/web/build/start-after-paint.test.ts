import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from './first-load';
import { inlineStylesheets, startAfterPaint } from './start-after-paint';

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
