import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The web app's sources. */
export const SRC = join(import.meta.dirname, '..');

/**
 * The app's modules whose file names match `pattern`: tests, test fakes and
 * type declarations left out, and so are the catalogs with their
 * registrations (src/i18n) and the test helpers (src/test).
 */
export function appSourceFiles(pattern: RegExp, dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (path === join(SRC, 'i18n') || path === join(SRC, 'test')) return [];
      return appSourceFiles(pattern, path);
    }
    return pattern.test(entry.name) && !/\.(test|fakes)\.tsx?$|\.d\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** A source's path as the tests name it: from src/, with forward slashes. */
export function sourceName(file: string): string {
  return relative(SRC, file).split(sep).join('/');
}
