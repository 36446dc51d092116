/**
 * How the build groups modules into chunks (vite.config.ts, rolldown's
 * `codeSplitting.groups`). Left to itself, rolldown makes one chunk per set of
 * lazy routes that share a module, so the home loaded 18 files at first and
 * 20 more for its route, many under 1 kB. Each file is a request the page's
 * main thread starts itself (the route's preloads were most of the longest
 * task after the first paint on a slow phone), so fewer, larger files start
 * faster (docs/PERFORMANCE.md, ninth pass).
 */

import { HOME_ROUTE_MODULE } from './first-load.ts';

/** The part of rolldown's module info the groups read. */
export type TModuleInfo = {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
};

export type TChunkingContext = { getModuleInfo(id: string): TModuleInfo | null };

/** React, react-dom, the router and the scheduler change far less often than the app: own chunk, long cache. */
export const REACT_GROUP = {
  name: 'react',
  test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
};

/** Everything the entry imports statically (rolldown's `$initial` tag): the first load is one file of the app's own. */
export const INITIAL_GROUP = { name: 'app', tags: ['$initial' as const] };

/**
 * The lazily loaded modules (and the entry) whose static imports reach `id`,
 * `id` itself included when it is one: a walk up its importers.
 */
export function reachingEntries(id: string, ctx: TChunkingContext): Set<string> {
  const entries = new Set<string>();
  const seen = new Set([id]);
  const queue = [id];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    const info = ctx.getModuleInfo(next);
    if (!info) continue;
    if (info.isEntry || info.dynamicImporters.length > 0) entries.add(next);
    for (const importer of info.importers) {
      if (seen.has(importer)) continue;
      seen.add(importer);
      queue.push(importer);
    }
  }
  return entries;
}

/**
 * The group `name` of the modules the home's route shares with other lazy
 * routes: one chunk beside the home page's own, instead of one per set of
 * routes sharing them. Modules only the home uses stay in its own chunk, and
 * those the entry imports are the INITIAL_GROUP's. Other routes that need any
 * of these modules load the whole chunk (about 33 kB, 10.5 kB with brotli), which a
 * visitor who came by the home already has.
 */
export function sharedWithHome(homePage: RegExp = HOME_ROUTE_MODULE, name = 'home-shared') {
  return (id: string, ctx: TChunkingContext): string | null => {
    const entries = [...reachingEntries(id, ctx)];
    if (entries.some((entry) => ctx.getModuleInfo(entry)?.isEntry)) return null;
    const isHomes = entries.some((entry) => homePage.test(entry));
    return isHomes && entries.length > 1 ? name : null;
  };
}
