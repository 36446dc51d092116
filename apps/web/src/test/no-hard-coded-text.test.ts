import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHardCodedText } from './hard-coded-text.scan';

const SRC = join(import.meta.dirname, '..');

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      // The catalogs themselves and test helpers are not UI.
      if (path === join(SRC, 'i18n') || path === join(SRC, 'test')) return [];
      return tsxFiles(path);
    }
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('UI text comes from the i18n catalogs (DESIGN 6)', () => {
  const files = tsxFiles(SRC);

  it('scans the components', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('has no literal user-visible text in any .tsx file', () => {
    const problems = files.flatMap((file) =>
      findHardCodedText(readFileSync(file, 'utf8'), file).map(
        (item) =>
          `${relative(SRC, file).split(sep).join('/')}:${item.line} ${item.kind} "${item.text}"`,
      ),
    );
    expect(problems).toEqual([]);
  });
});
