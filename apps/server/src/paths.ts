import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's root folder (the one holding `drizzle/`). Found by
 * walking up from this module, so it works from `src/` under tsx or vitest and
 * from the bundled `dist/main.js`, where every module shares one
 * `import.meta.url`.
 */
export function findServerRoot(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`Cannot find the server package (drizzle/ folder) above ${start}`);
    }
    dir = parent;
  }
}

export function migrationsFolder(): string {
  return path.join(findServerRoot(), 'drizzle');
}

/** DESIGN 1: the server serves the web app built beside it in apps/web/dist. */
export function defaultWebDistDir(): string {
  return path.resolve(findServerRoot(), '..', 'web', 'dist');
}
