import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Rollup } from 'vite';

/** What a first visit to index.html downloads before the app can paint. */
export type TFirstLoadFiles = { js: string[]; css: string[] };

export type TFirstLoadSizes = {
  /** Each file with its size as built and gzipped (level 9, what the build writes beside it). */
  files: { url: string; kind: 'js' | 'css'; raw: number; gzip: number }[];
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
};

/** Sizes in bytes the home's first load may reach (gzip). */
export type TBudget = { jsGzip: number; cssGzip: number };

/**
 * The home's first-load budget (docs/PERFORMANCE.md, "Web first load"): the
 * issue's goal of 170 kB of JS. The shell and the home are drawn without antd
 * (ADR 0025) and carry only the shell's English texts (ADR 0028); React with
 * the router (97 kB), i18next and TanStack Query are most of what is left.
 */
export const HOME_BUDGET: TBudget = { jsGzip: 170_000, cssGzip: 6_000 };

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : undefined;
}

/**
 * The scripts (module entry, classic scripts, modulepreloads) and stylesheets
 * index.html loads at once, including the entry and preloads the boot script
 * adds after the first paint (its data-entry and data-preload, ADR 0023).
 * Prefetched or lazily imported chunks are not part of the first load.
 */
export function firstLoadFiles(html: string): TFirstLoadFiles {
  const js: string[] = [];
  const css: string[] = [];
  const add = (list: string[], url: string | undefined) => {
    if (url && !/^(https?:)?\/\//i.test(url) && !list.includes(url)) list.push(url);
  };
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    add(js, attribute(tag, 'src'));
    add(js, attribute(tag, 'data-entry'));
    for (const url of (attribute(tag, 'data-preload') ?? '').split(/\s+/)) add(js, url);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload')) add(js, attribute(tag, 'href'));
    else if (rel.includes('stylesheet')) add(css, attribute(tag, 'href'));
  }
  // A stylesheet written into the page names its file (build/start-after-paint.ts).
  for (const [tag] of html.matchAll(/<style\b[^>]*>/gi)) add(css, attribute(tag, 'data-href'));
  return { js, css };
}

/** First-load sizes of a built index.html whose files are read by `read` (URL path -> bytes). */
export function measureFirstLoad(html: string, read: (url: string) => Buffer): TFirstLoadSizes {
  const { js, css } = firstLoadFiles(html);
  const files = [
    ...js.map((url) => ({ url, kind: 'js' as const })),
    ...css.map((url) => ({ url, kind: 'css' as const })),
  ].map(({ url, kind }) => {
    const body = read(url);
    return { url, kind, raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
  });
  const sum = (kind: 'js' | 'css') =>
    files
      .filter((file) => file.kind === kind)
      .reduce((total, file) => ({ raw: total.raw + file.raw, gzip: total.gzip + file.gzip }), {
        raw: 0,
        gzip: 0,
      });
  return { files, js: sum('js'), css: sum('css') };
}

/** The budget lines a build breaks; empty when it fits. */
export function budgetFailures(sizes: TFirstLoadSizes, budget: TBudget): string[] {
  const failures: string[] = [];
  if (sizes.js.gzip > budget.jsGzip) {
    failures.push(
      `first-load JS is ${kb(sizes.js.gzip)} gzip, over its budget of ${kb(budget.jsGzip)}`,
    );
  }
  if (sizes.css.gzip > budget.cssGzip) {
    failures.push(
      `first-load CSS is ${kb(sizes.css.gzip)} gzip, over its budget of ${kb(budget.cssGzip)}`,
    );
  }
  return failures;
}

export function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

/** Reads a built file of `distDir` by its URL path ("/assets/x.js"). */
export function distReader(distDir: string): (url: string) => Buffer {
  return (url) => readFileSync(path.join(distDir, decodeURIComponent(url.split(/[?#]/)[0] ?? '')));
}

/** A short report: each file largest first, then the totals against the budget. */
export function formatFirstLoad(sizes: TFirstLoadSizes, budget: TBudget): string {
  const lines = [...sizes.files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((file) => `  ${kb(file.gzip).padStart(10)}  ${file.url}`);
  return [
    'Home first load (gzip):',
    ...lines,
    `  JS  ${kb(sizes.js.gzip)} (${kb(sizes.js.raw)} raw) in ${sizes.files.filter((f) => f.kind === 'js').length} files; budget ${kb(budget.jsGzip)}`,
    `  CSS ${kb(sizes.css.gzip)} (${kb(sizes.css.raw)} raw); budget ${kb(budget.cssGzip)}`,
  ].join('\n');
}

/** What the build knows of a JS chunk: its file, entry module, static imports and modules. */
export type TBuiltChunk = {
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  moduleIds: string[];
};

/** A chunk as built, with whether it is an entry and its code's length. */
export type TBuiltChunkInfo = TBuiltChunk & { isEntry: boolean; size: number };

/** The JS chunks of a finished bundle. */
export function builtChunks(bundle: Rollup.OutputBundle): TBuiltChunkInfo[] {
  return Object.values(bundle).flatMap((item) =>
    item.type === 'chunk'
      ? [
          {
            fileName: item.fileName,
            facadeModuleId: item.facadeModuleId,
            imports: item.imports,
            moduleIds: item.moduleIds,
            isEntry: item.isEntry,
            size: item.code.length,
          },
        ]
      : [],
  );
}

/** Modules that must not be in the home's first render (ADR 0025): antd's components and runtime. */
const ANTD_MODULE = /[\\/]node_modules[\\/](antd|@ant-design[\\/]cssinjs|@rc-component)[\\/]/;
/**
 * The chunks the home loads by itself: its route's own chunk, lazily loaded as
 * the app starts on '/', and what it fetches when idle, the login and legal
 * dialogs and the login dialog's forms (app/root-dialogs.tsx).
 */
const HOME_CHUNK_MODULE =
  /[\\/]src[\\/](features[\\/]feed[\\/]HomePage|app[\\/]RootDialogs|features[\\/]auth[\\/]AuthPanels)\.tsx$/;
/** The home route's own module, whose chunk loads as the app starts on '/'. */
export const HOME_ROUTE_MODULE = /[\\/]src[\\/]features[\\/]feed[\\/]HomePage\.tsx$/;

/**
 * The antd modules the home would load without the user asking for another
 * screen: in the first-load files (`firstLoadUrls`, "/assets/x.js") and in the
 * home's chunks (the route's and the idle login dialog's) with everything they
 * import statically. Empty when the home is drawn without antd.
 */
export function antdInHome(firstLoadUrls: string[], chunks: TBuiltChunk[]): string[] {
  const found = new Set<string>();
  const home = staticClosure(
    [
      ...firstLoadUrls.map((url) => url.replace(/^\//, '')),
      ...chunks
        .filter((chunk) => chunk.facadeModuleId && HOME_CHUNK_MODULE.test(chunk.facadeModuleId))
        .map((chunk) => chunk.fileName),
    ],
    chunks,
  );
  for (const chunk of home) {
    for (const id of chunk.moduleIds) {
      const match = ANTD_MODULE.exec(id);
      if (match) found.add(id.slice(match.index + 1).replaceAll('\\', '/'));
    }
  }
  return [...found].sort();
}

/** The chunks named (file names) with every chunk they import statically, each once. */
export function staticClosure<T extends TBuiltChunk>(fileNames: string[], chunks: T[]): T[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const pending = [...fileNames];
  const seen = new Set<string>();
  const found: T[] = [];
  while (pending.length > 0) {
    const fileName = pending.pop() as string;
    if (seen.has(fileName)) continue;
    seen.add(fileName);
    const chunk = byFile.get(fileName);
    if (!chunk) continue;
    found.push(chunk);
    pending.push(...chunk.imports);
  }
  return found;
}
