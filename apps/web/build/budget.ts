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

/**
 * Vite plugin: after the build, measures what index.html loads at once (its
 * scripts, modulepreloads and stylesheets, gzip) and fails the build when the
 * home's first-load JS or CSS is over its budget, or when the home's first
 * render would load antd (ADR 0025). A size check, not a timing.
 */
export function firstLoadBudget(budget: TBudget = HOME_BUDGET): Plugin {
  let outDir = 'dist';
  let chunks: TBuiltChunk[] = [];
  return {
    name: 'layerline:first-load-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
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
    },
  };
}
