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
  /** The modules whose lazy chunks the router loads for it, in the app's src/. */
  pages: RegExp[];
  jsGzip: number;
};

/** Every landing route but the home may load this much JS (gzip) at first. */
export const ROUTE_JS_BUDGET = 200_000;

const src = (file: string) => new RegExp(`[\\\\/]src[\\\\/]${file.replaceAll('/', '[\\\\/]')}$`);

const HOME_PAGE = src('features/feed/HomePage.tsx');
/** antd's theme and locale: every page but the home renders in it (ADR 0025, app/antd-lazy.tsx). */
const ANTD_SCOPE = src('app/AntdScope.tsx');
/** The page tags' writer, fetched as the app starts on every route (ADR 0028). */
const SEO = src('app/seo.ts');

/**
 * The landing routes (SPEC 2), each held to 200 kB with its route's chunks.
 * The home's index.html alone keeps its own 170 kB (HOME_BUDGET, first-load.ts).
 * `/work/:id` opens over the feed, so it loads the home's page too. Search
 * results have no address of their own: they are the home's feed with the
 * header's search panel.
 */
export const ROUTE_BUDGETS: readonly TRouteBudget[] = [
  { route: 'home', path: '/', pages: [HOME_PAGE, SEO], jsGzip: ROUTE_JS_BUDGET },
  {
    route: 'work detail',
    path: '/work/:id',
    pages: [HOME_PAGE, src('features/works/detail/WorkRoute.tsx'), ANTD_SCOPE, SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'community',
    path: '/community',
    pages: [src('features/community/CommunityPage.tsx'), ANTD_SCOPE, SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'AI create',
    path: '/aiCreate',
    pages: [src('features/ai/AiCreatePage.tsx'), ANTD_SCOPE, SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'collection',
    path: '/collections/:id',
    pages: [src('features/collections/CollectionsPage.tsx'), ANTD_SCOPE, SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'profile',
    path: '/userInfor/:id',
    pages: [src('features/users/UserInformationPage.tsx'), ANTD_SCOPE, SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
  {
    route: 'search results',
    path: '/ (searching)',
    pages: [HOME_PAGE, src('features/search/SearchPanel.tsx'), SEO],
    jsGzip: ROUTE_JS_BUDGET,
  },
];

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
 * `read` a built file by its URL.
 */
export function measureRoutes(
  firstLoadJs: string[],
  chunks: TBuiltChunk[],
  read: (url: string) => Buffer,
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
    for (const page of route.pages) {
      const chunk = chunks.find((item) => item.facadeModuleId && page.test(item.facadeModuleId));
      if (chunk) pageChunks.push(chunk.fileName);
      else missing.push(page.source);
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
