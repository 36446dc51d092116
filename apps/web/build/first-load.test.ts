import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { antdInHome, budgetFailures, firstLoadFiles, measureFirstLoad } from './first-load';

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-a1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-b2.js">
<link rel='modulepreload' href='/assets/react-b2.js'>
<link rel="prefetch" href="/assets/later-c3.js">
<link rel="stylesheet" crossorigin href="/assets/index-d4.css">
<link rel="icon" href="/favicon.svg">
<link rel="preconnect" href="https://cdn.example.com">
</head><body><script src="/boot.js" defer></script>
<script>inline()</script></body></html>`;

describe('firstLoadFiles', () => {
  it('takes the entry, classic scripts, modulepreloads and stylesheets once each', () => {
    expect(firstLoadFiles(HTML)).toEqual({
      js: ['/assets/index-a1.js', '/boot.js', '/assets/react-b2.js'],
      css: ['/assets/index-d4.css'],
    });
  });

  it('leaves out prefetched chunks, icons and other origins', () => {
    const { js, css } = firstLoadFiles(HTML);
    expect([...js, ...css]).not.toContain('/assets/later-c3.js');
    expect([...js, ...css]).not.toContain('/favicon.svg');
  });
});

describe('measureFirstLoad and budgetFailures', () => {
  const files: Record<string, Buffer> = {
    '/assets/index-a1.js': Buffer.from('a'.repeat(5000)),
    '/boot.js': Buffer.from('globalThis.x = 1;'),
    '/assets/react-b2.js': Buffer.from('r'.repeat(3000)),
    '/assets/index-d4.css': Buffer.from('body{}'),
  };
  const read = (url: string) => {
    const body = files[url];
    if (!body) throw new Error(`no ${url}`);
    return body;
  };
  const sizes = measureFirstLoad(HTML, read);
  const gz = (url: string) => gzipSync(read(url), { level: 9 }).length;

  it('sums the raw and gzip sizes per kind', () => {
    expect(sizes.js.raw).toBe(5000 + 17 + 3000);
    expect(sizes.js.gzip).toBe(
      gz('/assets/index-a1.js') + gz('/boot.js') + gz('/assets/react-b2.js'),
    );
    expect(sizes.css.gzip).toBe(gz('/assets/index-d4.css'));
  });

  it('passes within the budget and names each kind over it', () => {
    expect(budgetFailures(sizes, { jsGzip: sizes.js.gzip, cssGzip: sizes.css.gzip })).toEqual([]);
    const failures = budgetFailures(sizes, { jsGzip: sizes.js.gzip - 1, cssGzip: 1 });
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^first-load JS .* over its budget/);
    expect(failures[1]).toMatch(/^first-load CSS .* over its budget/);
  });
});

describe('antdInHome (ADR 0025)', () => {
  const chunk = (
    fileName: string,
    moduleIds: string[],
    imports: string[] = [],
    facade?: string,
  ) => ({
    fileName,
    facadeModuleId: facade ?? null,
    imports,
    moduleIds,
  });
  const chunks = [
    chunk('assets/index.js', ['/app/src/main.tsx'], ['assets/react.js']),
    chunk('assets/react.js', ['/app/node_modules/react/index.js']),
    chunk(
      'assets/HomePage.js',
      ['/app/src/features/feed/HomePage.tsx'],
      ['assets/card.js'],
      '/app/src/features/feed/HomePage.tsx',
    ),
    chunk('assets/card.js', ['/app/src/features/works/cards/WorkCard.tsx']),
    chunk(
      'assets/RootDialogs.js',
      ['/app/src/app/RootDialogs.tsx'],
      ['assets/dialog.js'],
      '/app/src/app/RootDialogs.tsx',
    ),
    chunk('assets/dialog.js', ['/app/src/components/ui/Dialog.tsx']),
    chunk(
      'assets/Profile.js',
      ['/app/node_modules/antd/es/form/index.js'],
      [],
      '/app/src/features/users/Profile.tsx',
    ),
  ];

  it('finds nothing when the first load and the home route are free of antd', () => {
    expect(antdInHome(['/assets/index.js'], chunks)).toEqual([]);
  });

  it('names antd modules in the chunk of the dialogs the home fetches when idle', () => {
    const withAntd = chunks.map((item) =>
      item.fileName === 'assets/dialog.js'
        ? { ...item, moduleIds: [...item.moduleIds, '/app/node_modules/antd/es/modal/index.js'] }
        : item,
    );
    expect(antdInHome(['/assets/index.js'], withAntd)).toEqual([
      'node_modules/antd/es/modal/index.js',
    ]);
  });

  it('names antd modules in the first load, the home chunk and what it imports', () => {
    const withAntd = chunks.map((item) =>
      item.fileName === 'assets/card.js'
        ? { ...item, moduleIds: [...item.moduleIds, '/app/node_modules/antd/es/tooltip/index.js'] }
        : item.fileName === 'assets/react.js'
          ? { ...item, moduleIds: ['/app/node_modules/@ant-design/cssinjs/es/index.js'] }
          : item,
    );
    expect(antdInHome(['/assets/index.js'], withAntd)).toEqual([
      'node_modules/@ant-design/cssinjs/es/index.js',
      'node_modules/antd/es/tooltip/index.js',
    ]);
  });
});
