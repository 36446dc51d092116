import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

/** A string literal that starts an API path: '/api/v1…', "/api/v1…" or `/api/v1…`. */
const HAND_WRITTEN_PATH = /['"`]\/api\/v1\b/;

/** The app's source files; tests and their fakes may spell out what goes on the wire. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(SRC, 'test') ? [] : sourceFiles(path);
    const isSource = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    const isFake = /(^|[.-])(fakes?|test-fakes)\.tsx?$/.test(entry.name);
    return isSource && !isFake ? [path] : [];
  });
}

describe('API paths come from the contract (ADR 0021)', () => {
  const files = sourceFiles(SRC);

  it('scans the app', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((file) => file.endsWith(join('features', 'works', 'api.ts')))).toBe(true);
  });

  it('recognises a hand-written path', () => {
    expect(HAND_WRITTEN_PATH.test("apiClient.get('/api/v1/works/home')")).toBe(true);
    expect(HAND_WRITTEN_PATH.test('`/api/v1/works/` + id')).toBe(true);
    expect(HAND_WRITTEN_PATH.test("callApi('feed.home')")).toBe(false);
  });

  it('has no /api/v1 path written by hand outside the tests: calls use callApi or apiPath', () => {
    const problems = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          HAND_WRITTEN_PATH.test(line)
            ? [`${relative(SRC, file).split(sep).join('/')}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(problems).toEqual([]);
  });
});
