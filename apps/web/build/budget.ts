import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  budgetFailures,
  distReader,
  formatFirstLoad,
  HOME_BUDGET,
  measureFirstLoad,
  type TBudget,
} from './first-load.ts';

/**
 * Vite plugin: after the build, measures what index.html loads at once (its
 * scripts, modulepreloads and stylesheets, gzip) and fails the build when the
 * home's first-load JS or CSS is over its budget. A size check, not a timing.
 */
export function firstLoadBudget(budget: TBudget = HOME_BUDGET): Plugin {
  let outDir = 'dist';
  return {
    name: 'layerline:first-load-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
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
