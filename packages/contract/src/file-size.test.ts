import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN 6 size: files stay small. No source file of apps/, packages/ or e2e/
 * (code, tests, benches and scripts alike) is over MAX_LINES lines; a longer
 * one is split by concern. Builds, dependencies and generated output are not
 * source and are not read.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAX_LINES = 400;
const SCANNED = ['apps', 'packages', 'e2e'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'artifacts']);
const SOURCE_FILES = new Set(['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs']);

/** Lines as `wc -l` counts them, plus a last line with no newline at its end. */
function lineCount(text: string): number {
  if (text === '') return 0;
  const newlines = text.split('\n').length - 1;
  return text.endsWith('\n') ? newlines : newlines + 1;
}

function sourceFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFilesUnder(path));
    else if (entry.isFile() && SOURCE_FILES.has(extname(entry.name))) files.push(path);
  }
  return files;
}

/** `path: N lines` for each file over the limit, longest first. */
function tooLong(files: readonly { path: string; text: string }[]): string[] {
  return files
    .map(({ path, text }) => ({ path, lines: lineCount(text) }))
    .filter(({ lines }) => lines > MAX_LINES)
    .sort((a, b) => b.lines - a.lines || a.path.localeCompare(b.path))
    .map(({ path, lines }) => `${path}: ${lines} lines`);
}

const sources = SCANNED.flatMap((dir) => sourceFilesUnder(join(ROOT, dir))).map((path) => ({
  path: relative(ROOT, path).split(sep).join('/'),
  text: readFileSync(path, 'utf8'),
}));

describe(`source files stay under ${MAX_LINES + 1} lines (DESIGN 6 size)`, () => {
  it('counts lines as wc -l does, and a last line without a newline', () => {
    expect(lineCount('')).toBe(0);
    expect(lineCount('a\nb\n')).toBe(2);
    expect(lineCount('a\nb')).toBe(2);
    expect(lineCount('\n')).toBe(1);
  });

  it('names each file over the limit with its length', () => {
    const line = 'x\n';
    const files = [
      { path: 'a.ts', text: line.repeat(MAX_LINES) },
      { path: 'b.ts', text: line.repeat(MAX_LINES + 1) },
      { path: 'c.tsx', text: line.repeat(MAX_LINES + 50) },
    ];
    expect(tooLong(files)).toEqual([
      `c.tsx: ${MAX_LINES + 50} lines`,
      `b.ts: ${MAX_LINES + 1} lines`,
    ]);
  });

  it('has every source file of apps/, packages/ and e2e/ at most that long', () => {
    // The scan reached the code: the server, the web app, the contract and the journeys.
    expect(sources.length).toBeGreaterThan(500);
    for (const file of [
      'apps/server/src/app.ts',
      'apps/web/src/main.tsx',
      'packages/contract/src/index.ts',
      'e2e/global-setup.ts',
    ]) {
      expect(sources.map((source) => source.path)).toContain(file);
    }
    expect(tooLong(sources)).toEqual([]);
  });
});
