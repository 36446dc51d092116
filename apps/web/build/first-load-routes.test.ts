import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  formatRoutes,
  measureRoutes,
  pagesWithoutAntd,
  ROUTE_BUDGETS,
  ROUTE_JS_BUDGET,
  routeBudgetFailures,
  type TRouteBudget,
} from './first-load-routes';

const chunk = (fileName: string, imports: string[] = [], facade: string | null = null) => ({
  fileName,
  facadeModuleId: facade,
  imports,
  moduleIds: facade ? [facade] : [],
});

// A build as the router splits it: the first load, the home's page, and a lazy page with antd.
const CHUNKS = [
  chunk('assets/index.js', ['assets/react.js'], '/app/src/main.tsx'),
  chunk('assets/react.js'),
  chunk('assets/HomePage.js', ['assets/shared.js'], '/app/src/features/feed/HomePage.tsx'),
  chunk('assets/shared.js'),
  chunk('assets/seo.js', [], '/app/src/app/seo.ts'),
  chunk('assets/AntdScope.js', ['assets/antd.js'], '/app/src/app/AntdScope.tsx'),
  chunk('assets/antd.js'),
  chunk(
    'assets/CommunityPage.js',
    ['assets/shared.js', 'assets/antd.js'],
    '/app/src/features/community/CommunityPage.tsx',
  ),
  chunk('assets/Later.js', [], '/app/src/features/previews/ModelViewer.tsx'),
];

const BYTES: Record<string, Buffer> = {
  '/boot.js': Buffer.from('boot()'),
  '/assets/index.js': Buffer.from('i'.repeat(100)),
  '/assets/react.js': Buffer.from('r'.repeat(100)),
  '/assets/HomePage.js': Buffer.from('h'.repeat(100)),
  '/assets/shared.js': Buffer.from('s'.repeat(100)),
  '/assets/seo.js': Buffer.from('e'.repeat(100)),
  '/assets/AntdScope.js': Buffer.from('a'.repeat(100)),
  '/assets/antd.js': Buffer.from('d'.repeat(100)),
  '/assets/CommunityPage.js': Buffer.from('c'.repeat(100)),
  '/assets/Later.js': Buffer.from('l'.repeat(100)),
};
const read = (url: string) => {
  const body = BYTES[url];
  if (!body) throw new Error(`no ${url}`);
  return body;
};
const gz = (url: string) => gzipSync(read(url), { level: 9 }).length;
const FIRST_LOAD = ['/boot.js', '/assets/index.js'];

const route = (name: string, pages: string[], jsGzip: number): TRouteBudget => ({
  route: name,
  path: `/${name}`,
  pages,
  alsoLoads: [],
  jsGzip,
});
const HOME = 'features/feed/HomePage';
const COMMUNITY = 'features/community/CommunityPage';
// The home is drawn without antd; the community page renders in AntdScope.
const measure = (routes: TRouteBudget[]) => measureRoutes(FIRST_LOAD, CHUNKS, read, [HOME], routes);

describe('measureRoutes', () => {
  it("adds the route's lazy chunks and their static imports to index.html's first load, each file once", () => {
    const [home, community] = measure([
      route('home', [HOME], 1e6),
      route('community', [COMMUNITY], 1e6),
    ]);
    const common = ['/boot.js', '/assets/index.js', '/assets/react.js'];
    expect(home?.files.map((file) => file.url).sort()).toEqual(
      [...common, '/assets/HomePage.js', '/assets/shared.js'].sort(),
    );
    expect(community?.files.map((file) => file.url).sort()).toEqual(
      [
        ...common,
        '/assets/CommunityPage.js',
        '/assets/shared.js',
        '/assets/antd.js',
        '/assets/AntdScope.js',
      ].sort(),
    );
    expect(community?.jsGzip).toBe(
      [...common, '/assets/CommunityPage.js', '/assets/shared.js', '/assets/antd.js']
        .concat('/assets/AntdScope.js')
        .reduce((total, url) => total + gz(url), 0),
    );
    // A chunk the page imports only when asked is not part of its first load.
    expect(community?.files.map((file) => file.url)).not.toContain('/assets/Later.js');
  });
});

describe('routeBudgetFailures', () => {
  it('passes a route within its budget', () => {
    const measured = measure([route('home', [HOME], 1e6)]);
    expect(routeBudgetFailures(measured)).toEqual([]);
  });

  it('names each route over its budget, with its figure', () => {
    const [home] = measure([route('home', [HOME], 1e6)]);
    const size = home?.jsGzip ?? 0;
    const measured = measure([route('home', [HOME], size), route('community', [COMMUNITY], size)]);
    const failures = routeBudgetFailures(measured);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^community \(\/community\): first-load JS is .* over its budget/);
    expect(formatRoutes(measured)).toMatch(/community .* OVER/);
  });

  it('fails a route whose page has no chunk, rather than measuring less', () => {
    const measured = measure([route('gone', ['features/gone/GonePage'], 1e6)]);
    expect(routeBudgetFailures(measured)).toEqual([
      expect.stringMatching(/^gone \(\/gone\): no chunk of the build starts with .*GonePage/),
    ]);
  });
});

describe('pagesWithoutAntd', () => {
  it("reads which of the router's pages load without antd's scope", () => {
    const router = `
      { id: 'home-feed', ...page(
          async () => withOverlays((await import('../features/feed/HomePage')).HomePage),
          { seo: 'home', keepAlive: true },
          { withoutAntd: true },
        ),
        children: [{ path: 'work/:id', ...page(
          async () => (await import('../features/works/detail/WorkRoute')).WorkRoute,
          { seo: 'work' },
        ) }],
      },
      { path: 'community', ...page(async () => (await import('../features/community/CommunityPage')).CommunityPage,
          { seo: 'community' }, { withoutAntd: true }) },`;
    expect(pagesWithoutAntd(router)).toEqual([
      'features/feed/HomePage',
      'features/community/CommunityPage',
    ]);
  });
});

describe('ROUTE_BUDGETS', () => {
  it('holds every landing route to 200 kB (the home index.html alone keeps its 170 kB)', () => {
    expect(ROUTE_BUDGETS.map((item) => item.path)).toEqual([
      '/',
      '/work/:id',
      '/community',
      '/aiCreate',
      '/collections/:id',
      '/userInfor/:id',
      '/ (searching)',
    ]);
    for (const item of ROUTE_BUDGETS) expect(item.jsGzip).toBe(ROUTE_JS_BUDGET);
    expect(ROUTE_JS_BUDGET).toBe(200_000);
  });
});
