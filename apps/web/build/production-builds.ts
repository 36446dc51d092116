import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Packages whose `exports` name only their development build, with the
 * production build shipped beside it: react-router 7 resolves to
 * dist/development for every condition, so a production bundle carried its
 * development warnings (ENABLE_DEV_WARNINGS) and the code behind them.
 */
const DEVELOPMENT_ONLY_EXPORTS = ['react-router', 'react-router/dom'];

/** The production file beside a resolved development file, or null when there is none. */
export function productionTwin(resolved: string): string | null {
  const parts = resolved.split(path.sep);
  const at = parts.lastIndexOf('development');
  if (at < 1 || parts[at - 1] !== 'dist') return null;
  parts[at] = 'production';
  return parts.join(path.sep);
}

/** A module of a package's development build (dist/development), by its id. */
export function isDevelopmentBuild(id: string): boolean {
  return /[\\/]node_modules[\\/].+[\\/]dist[\\/]development[\\/]/.test(id);
}

/**
 * Vite plugin: a production build takes those packages' production builds,
 * and fails when any package's development build is still in it.
 */
export function productionBuilds(packages: string[] = DEVELOPMENT_ONLY_EXPORTS): Plugin {
  let isProduction = false;
  return {
    name: 'layerline:production-builds',
    apply: 'build',
    config(_config, { mode }) {
      isProduction = mode === 'production';
      if (!isProduction) return undefined;
      const require = createRequire(import.meta.url);
      const alias = packages.flatMap((name) => {
        const twin = productionTwin(require.resolve(name));
        return twin ? [{ find: new RegExp(`^${name}$`), replacement: twin }] : [];
      });
      return { resolve: { alias } };
    },
    generateBundle(_options, bundle) {
      if (!isProduction) return;
      const development = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk' ? item.moduleIds.filter(isDevelopmentBuild) : [],
      );
      if (development.length > 0) {
        throw new Error(`Development builds in the bundle:\n- ${development.join('\n- ')}`);
      }
    },
  };
}
