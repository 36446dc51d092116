import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  antdInHome,
  budgetFailures,
  builtChunks,
  distReader,
  firstLoadFiles,
  formatFirstLoad,
  HOME_BUDGET,
  measureFirstLoad,
  type TBudget,
  type TBuiltChunk,
} from './first-load.ts';
import {
  formatRoutes,
  measureRoutes,
  pagesWithoutAntd,
  routeBudgetFailures,
} from './first-load-routes.ts';

/**
 * What the build does with the landing routes' budgets (first-load-routes.ts):
 * `enforce` fails it when a route is over, `report` only prints each route's
 * figure, marking those over.
 */
export type TRouteBudgetMode = 'enforce' | 'report';

/**
 * Vite plugin: after the build, measures what index.html loads at once (its
 * scripts, modulepreloads and stylesheets, gzip) and fails the build when the
 * home's first-load JS or CSS is over its budget, or when the home's first
 * render would load antd (ADR 0025). It then measures each landing route's
 * first-load JS, index.html's with the route's chunks (ADR 0062), against its
 * budget. A size check, not a timing.
 */
export function firstLoadBudget(
  budget: TBudget = HOME_BUDGET,
  routeMode: TRouteBudgetMode = 'enforce',
): Plugin {
  let outDir = 'dist';
  let srcDir = 'src';
  let chunks: TBuiltChunk[] = [];
  return {
    name: 'layerline:first-load-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      srcDir = path.resolve(config.root, 'src');
    },
    generateBundle(_options, bundle) {
      chunks = builtChunks(bundle);
    },
    async closeBundle() {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const antd = antdInHome(firstLoadFiles(html).js, chunks);
      if (antd.length > 0) {
        throw new Error(
          `The home would load antd (ADR 0025), from:\n- ${antd.slice(0, 20).join('\n- ')}`,
        );
      }
      const sizes = measureFirstLoad(html, distReader(outDir));
      const report = formatFirstLoad(sizes, budget);
      const failures = budgetFailures(sizes, budget);
      if (failures.length > 0) {
        throw new Error(`${report}\n\nFirst-load budget exceeded:\n- ${failures.join('\n- ')}`);
      }
      this.info(
        `${sizes.js.gzip} B JS and ${sizes.css.gzip} B CSS (gzip) within the home's budget`,
      );
      // Vite drops the JS chunks that only held CSS after this plugin saw the bundle.
      const written = chunks.filter((chunk) => existsSync(path.join(outDir, chunk.fileName)));
      const router = await readFile(path.join(srcDir, 'app', 'router.tsx'), 'utf8');
      const routes = measureRoutes(
        firstLoadFiles(html).js,
        written,
        distReader(outDir),
        pagesWithoutAntd(router),
      );
      const routeFailures = routeBudgetFailures(routes);
      if (routeFailures.length > 0 && routeMode === 'enforce') {
        throw new Error(
          `${formatRoutes(routes)}\n\nLanding route budget exceeded:\n- ${routeFailures.join('\n- ')}`,
        );
      }
      this.info(
        [formatRoutes(routes), ...routeFailures.map((line) => `  not enforced yet: ${line}`)].join(
          '\n',
        ),
      );
    },
  };
}
