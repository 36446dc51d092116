import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every `SPEC n` and `DESIGN n` in code, tests and docs names a section of
 * docs/RULES.md (DESIGN 7). A citation whose section has no heading there
 * fails here, named by file and line.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RULES = 'docs/RULES.md';
const SCANNED = ['apps', 'packages', 'e2e', 'docs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'artifacts']);
const TEXT_FILES = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '.css',
  '.html',
  '.md',
  '.json',
  '.sql',
  '.py',
  '.sh',
  '.yml',
  '.yaml',
  '.txt',
]);

type TDoc = 'SPEC' | 'DESIGN';
type TCitation = { file: string; line: number; doc: TDoc; section: number };

/** `SPEC 4`, `DESIGN 3 roles`, and every number of a list: `SPEC 1, 2 and 6`, `SPEC 5/6`. */
const CITATION = /\b(SPEC|DESIGN) (\d+)((?:\s*(?:,|\/|&|\band\b|\bor\b)\s*\d+\b)*)/g;

/** `## SPEC 4 — States and transitions` */
const HEADING = /^## (SPEC|DESIGN) (\d+) — \S/gm;

function citationsIn(text: string, file: string): TCitation[] {
  const found: TCitation[] = [];
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(CITATION)) {
      const doc = match[1] as TDoc;
      const numbers = [match[2], ...(match[3]?.match(/\d+/g) ?? [])];
      for (const number of numbers) {
        found.push({ file, line: index + 1, doc, section: Number(number) });
      }
    }
  });
  return found;
}

function headingsIn(text: string): string[] {
  return [...text.matchAll(HEADING)].map((match) => `${match[1]} ${match[2]}`);
}

function unresolved(citations: TCitation[], headings: readonly string[]): string[] {
  const known = new Set(headings);
  return citations
    .filter((citation) => !known.has(`${citation.doc} ${citation.section}`))
    .map((citation) => `${citation.file}:${citation.line} ${citation.doc} ${citation.section}`);
}

function textFilesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...textFilesUnder(path));
    else if (entry.isFile() && TEXT_FILES.has(extname(entry.name))) files.push(path);
  }
  return files;
}

function citationsInRepository(): TCitation[] {
  return SCANNED.flatMap((dir) => textFilesUnder(join(ROOT, dir))).flatMap((path) =>
    citationsIn(readFileSync(path, 'utf8'), relative(ROOT, path)),
  );
}

const headings = headingsIn(readFileSync(join(ROOT, RULES), 'utf8'));

describe('citations of the rules (docs/RULES.md)', () => {
  it('reads a citation with a topic, and each number of a list', () => {
    const text =
      'x\n// SPEC 4 progress; SPEC 1, 2 and 6; SPEC 5/6 (DESIGN 3 roles)\nSPEC.md SPECIAL 3';
    expect(citationsIn(text, 'a.ts').map((c) => `${c.line} ${c.doc} ${c.section}`)).toEqual([
      '2 SPEC 4',
      '2 SPEC 1',
      '2 SPEC 2',
      '2 SPEC 6',
      '2 SPEC 5',
      '2 SPEC 6',
      '2 DESIGN 3',
    ]);
  });

  it('names file and line of a citation whose section has no heading', () => {
    const citations = citationsIn('ok: SPEC 4\nnot: DESIGN 3 and 4', 'b.ts');
    expect(unresolved(citations, ['SPEC 4', 'DESIGN 4'])).toEqual(['b.ts:2 DESIGN 3']);
  });

  it('has each section heading once, in both parts', () => {
    expect(new Set(headings).size).toBe(headings.length);
    expect(headings).toContain('SPEC 1');
    expect(headings).toContain('DESIGN 1');
  });

  it('resolves every SPEC n and DESIGN n in apps/, packages/, e2e/ and docs/', () => {
    const citations = citationsInRepository();
    // The scan reached the code: it cites the rules well over a thousand times.
    expect(citations.length).toBeGreaterThan(1000);
    expect(unresolved(citations, headings)).toEqual([]);
  });
});
