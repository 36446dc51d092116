import { gzipSync } from 'node:zlib';
import { kb, staticClosure, type TBuiltChunk } from './first-load.ts';

/**
 * A landing route's first-load budget: what a visitor who opens its address
 * first downloads as JS before the page can render, gzip. That is index.html's
 * first load (the entry, React's chunk, the boot script) with the lazy chunks
 * the router loads for the route (`pages`, by their modules) and everything
 * they import statically. Chunks a page imports later, as it renders or when
 * asked (a 3D viewer, an editor, a dialog), are not part of it.
 */
export type TRouteBudget = {
  /** The route's name in reports. */
  route: string;
  /** An address of it, for reports. */
  path: string;
  /** The page modules the router loads lazily for it, as src/app/router.tsx imports them. */
  pages: string[];
  /** Other modules whose lazy chunks every start of the route loads. */
  alsoLoads: string[];
  jsGzip: number;
};

/** Every landing route may load this much JS (gzip) at first. */
export const ROUTE_JS_BUDGET = 200_000;

/** A module of the app's src/ ('features/feed/HomePage') as a pattern of a chunk's facade module id. */
export const moduleOf = (name: string) =>
  new RegExp(`[\\\\/]src[\\\\/]${name.replaceAll('/', '[\\\\/]')}\\.tsx?$`);

/** antd's theme and locale: a page loaded without `withoutAntd` renders in it (ADR 0025, app/antd-lazy.tsx). */
export const ANTD_SCOPE = 'app/AntdScope';
const HOME_PAGE = 'features/feed/HomePage';
/** The page tags' writer, fetched as the app starts on every route (ADR 0028). */
const SEO = 'app/seo';

/**
 * The landing routes (SPEC 2), each held to 200 kB with its route's chunks.
 * The home's index.html alone keeps its own 170 kB (HOME_BUDGET, first-load.ts).
 * `/work/:id` opens over the feed, so it loads the home's page too. Search
 * results have no address of their own: they are the home's feed with the
 * header's search panel.
 */
export const ROUTE_BUDGETS: readonly TRouteBudget[] = [
  { route: 'home', path: '/', pages: [HOME_PAGE], alsoLoads: [SEO], jsGzip: ROUTE_JS_BUDGET },
  {
    route: 'work detail',
    path: '/work/:id',
    pages: [HOME_PAGE, 'features/works/detail/WorkRoute'],
    alsoLoads: [SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'community',
    path: '/community',
    pages: ['features/community/CommunityPage'],
    alsoLoads: [SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'AI create',
    path: '/aiCreate',
    pages: ['features/ai/AiCreatePage'],
    alsoLoads: [SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'collection',
    path: '/collections/:id',
    pages: ['features/collections/CollectionsPage'],
    alsoLoads: [SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'profile',
    path: '/userInfor/:id',
    pages: ['features/users/UserInformationPage'],
    alsoLoads: [SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'search results',
    path: '/ (searching)',
    pages: [HOME_PAGE],
    alsoLoads: ['features/search/SearchPanel', SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
];

/**
 * The pages src/app/router.tsx loads without antd's scope (`withoutAntd:
 * true` in their `page(...)`), by the path they are imported with
 * ('features/feed/HomePage'). Every other page also loads AntdScope.
 */
export function pagesWithoutAntd(routerSource: string): string[] {
  return routerSource
    .split(/\.\.\.page\(/)
    .slice(1)
    .flatMap((call) => {
      const page = /import\('\.\.\/([^']+)'\)/.exec(call)?.[1];
      return page && /withoutAntd:\s*true/.test(call) ? [page] : [];
    });
}

/** The modules whose lazy chunks a route loads: its pages, AntdScope unless all are without antd, the rest. */
export function routeModules(route: TRouteBudget, withoutAntd: readonly string[]): string[] {
  const isScoped = route.pages.some((page) => !withoutAntd.includes(page));
  return [...route.pages, ...(isScoped ? [ANTD_SCOPE] : []), ...route.alsoLoads];
}

export type TRouteFirstLoad = {
  route: TRouteBudget;
  /** Each JS file with its gzip size, first load first. */
  files: { url: string; gzip: number }[];
  jsGzip: number;
  /** Page modules of the route that no chunk of the build starts with. */
  missing: string[];
};

const toUrl = (fileName: string) => `/${fileName.replace(/^\//, '')}`;

/**
 * Each route's first-load JS in a build: `firstLoadJs` the URLs index.html
 * loads at once ("/assets/x.js", "/boot.js"), `chunks` the build's JS chunks,
 * `read` a built file by its URL, `withoutAntd` the pages loaded without
 * antd's scope (pagesWithoutAntd).
 */
export function measureRoutes(
  firstLoadJs: string[],
  chunks: TBuiltChunk[],
  read: (url: string) => Buffer,
  withoutAntd: readonly string[],
  routes: readonly TRouteBudget[] = ROUTE_BUDGETS,
): TRouteFirstLoad[] {
  const sizes = new Map<string, number>();
  const gzipOf = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzipSync(read(url), { level: 9 }).length;
      sizes.set(url, size);
    }
    return size;
  };
  const firstLoad = staticClosure(
    firstLoadJs.map((url) => url.replace(/^\//, '')),
    chunks,
  ).map((chunk) => toUrl(chunk.fileName));
  return routes.map((route) => {
    const missing: string[] = [];
    const pageChunks: string[] = [];
    for (const name of routeModules(route, withoutAntd)) {
      const module = moduleOf(name);
      const chunk = chunks.find((item) => item.facadeModuleId && module.test(item.facadeModuleId));
      if (chunk) pageChunks.push(chunk.fileName);
      else missing.push(name);
    }
    const urls = new Set([
      ...firstLoadJs,
      ...firstLoad,
      ...staticClosure(pageChunks, chunks).map((chunk) => toUrl(chunk.fileName)),
    ]);
    const files = [...urls].map((url) => ({ url, gzip: gzipOf(url) }));
    const jsGzip = files.reduce((total, file) => total + file.gzip, 0);
    return { route, files, jsGzip, missing };
  });
}

/** The routes a build breaks: over their budget, or without a chunk for a page module. */
export function routeBudgetFailures(measured: TRouteFirstLoad[]): string[] {
  return measured.flatMap(({ route, jsGzip, missing }) => [
    ...(jsGzip > route.jsGzip
      ? [
          `${route.route} (${route.path}): first-load JS is ${kb(jsGzip)} gzip, over its budget of ${kb(route.jsGzip)}`,
        ]
      : []),
    ...missing.map(
      (page) => `${route.route} (${route.path}): no chunk of the build starts with ${page}`,
    ),
  ]);
}

/** One line a route: its JS against its budget, and its largest files. */
export function formatRoutes(measured: TRouteFirstLoad[]): string {
  return [
    'First-load JS per landing route (gzip):',
    ...measured.map(({ route, files, jsGzip }) => {
      const largest = [...files]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, 4)
        .map((file) => `${file.url.replace(/^\/assets\//, '')} ${kb(file.gzip)}`)
        .join(', ');
      const mark = jsGzip > route.jsGzip ? 'OVER' : 'ok';
      return `  ${route.route.padEnd(15)} ${kb(jsGzip).padStart(10)} of ${kb(route.jsGzip)} ${mark.padEnd(4)} in ${files.length} files (${largest})`;
    }),
  ].join('\n');
}
