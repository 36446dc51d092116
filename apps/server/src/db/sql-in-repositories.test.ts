import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0045: SQL lives in repositories, and a transaction is opened only by
 * the unit of work. This scans the server's source (not tests and their
 * `*.test-helpers.ts`, seeds, the test helpers of src/test or db/ itself,
 * which holds the client, schema, migrations and the unit of work) and
 * names every line that breaks either rule. A `*.sql.ts` file beside
 * repositories may hold the SQL pieces they share (conditions, orders,
 * column lists) but runs no statement.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UNIT_OF_WORK = 'db/unit-of-work.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    const isSource = entry.name.endsWith('.ts') && !/\.(test|test-helpers|d)\.ts$/.test(entry.name);
    return isSource ? [full] : [];
  });
}

/** The text with comments blanked (lines kept), so a comment naming SQL is no offence. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Imports that bring query building or raw statements (type-only imports are fine). */
const SQL_MODULES = /^(drizzle-orm(\/.*)?|.*\/db\/schema(\/.*)?|.*\/db\/client|.*\/db\/prepared)$/;
const SQL_HELPERS = new Set(['queryRows', 'preparedOnce', 'intArrayParam']);

function sqlImports(text: string): { index: number; what: string }[] {
  const found: { index: number; what: string }[] = [];
  const imports = /import\s+(type\s+)?([^;]*?)\s+from\s+'([^']+)'/g;
  for (const match of text.matchAll(imports)) {
    const [, typeOnly, clause = '', from = ''] = match;
    if (typeOnly || !SQL_MODULES.test(from)) continue;
    const names = clause
      .replace(/[{}]/g, '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '));
    const isClient = /\/db\/(client|prepared)$/.test(from);
    const values = isClient ? names.filter((name) => SQL_HELPERS.has(name)) : names;
    if (values.length > 0) {
      found.push({ index: match.index ?? 0, what: `imports ${values.join(', ')} from ${from}` });
    }
  }
  return found;
}

/** Statements: query calls on a database or transaction handle, and statement helpers. */
const STATEMENTS = [
  /\b(db|tx|database|handle)\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query|\$count|\$with)\s*\(/g,
  /\b(queryRows|preparedOnce)\s*[<(]/g,
  /\.\s*(prepare|execute)\s*\(/g,
];
/** SQL written out (raw text, placeholders). */
const RAW_SQL = /\bsql\s*(`|\.raw\(|\.placeholder\(|\.join\()/g;

type TOffence = { file: string; line: number; what: string };

/** Every offence in one file's text; `file` is relative to src/ with forward slashes. */
function offencesIn(file: string, text: string): TOffence[] {
  const code = withoutComments(text);
  const offences: TOffence[] = [];
  const add = (index: number, what: string) =>
    offences.push({ file, line: lineOf(code, index), what });
  if (file !== UNIT_OF_WORK) {
    for (const match of code.matchAll(/\.\s*transaction\s*\(/g)) {
      add(match.index ?? 0, 'opens a transaction outside the unit of work');
    }
  }
  if (file.endsWith('.repository.ts') || file.startsWith('db/')) return offences;
  for (const pattern of STATEMENTS) {
    for (const match of code.matchAll(pattern)) add(match.index ?? 0, `runs SQL: ${match[0]}`);
  }
  if (file.endsWith('.sql.ts')) return offences;
  for (const { index, what } of sqlImports(code)) add(index, what);
  for (const match of code.matchAll(RAW_SQL)) add(match.index ?? 0, `writes SQL: ${match[0]}`);
  return offences;
}

function scan(): { files: string[]; offences: TOffence[] } {
  const files = sourceFiles(SRC)
    .map((full) => path.relative(SRC, full).split(path.sep).join('/'))
    .filter((file) => !/^(seed|test)\//.test(file));
  const offences = files.flatMap((file) =>
    offencesIn(file, readFileSync(path.join(SRC, file), 'utf8')),
  );
  return { files, offences };
}

describe('SQL only in repositories, transactions only in the unit of work (ADR 0045)', () => {
  it('finds no SQL outside *.repository.ts and no .transaction( outside db/unit-of-work.ts', () => {
    const { files, offences } = scan();
    // The scan must see the tree: a wrong root would find nothing and pass.
    expect(files.filter((file) => file.endsWith('.repository.ts')).length).toBeGreaterThan(20);
    expect(files).toContain(UNIT_OF_WORK);
    expect(offences.map((o) => `${o.file}:${o.line} ${o.what}`)).toEqual([]);
  });

  it('names what it refuses, and leaves repositories, type imports and comments alone', () => {
    const service = [
      "import { and, eq, type SQL } from 'drizzle-orm';",
      "import type { TDatabase } from '../../db/client';",
      "import { queryRows, type TDatabase as TDb } from '../../db/client';",
      "import { users } from '../../db/schema';",
      '// this.db.select() in a comment is no offence',
      'const rows = await this.deps.db',
      '  .select()',
      '  .from(users);',
      'await tx.update(users).set({});',
      'const text = sql`select 1`;',
      'await this.deps.db.transaction(async (tx) => run(tx));',
      "createHmac('sha256', key).update(value);",
    ].join('\n');
    expect(offencesIn('modules/x/x.service.ts', service).map((o) => o.line)).toEqual([
      11, 6, 9, 1, 3, 4, 10,
    ]);
    // SQL pieces may sit in a *.sql.ts; statements may not.
    const pieces = "import { sql } from 'drizzle-orm';\nexport const newest = sql`id desc`;";
    expect(offencesIn('modules/x/x.sql.ts', pieces)).toEqual([]);
    expect(offencesIn('modules/x/x.sql.ts', service).map((o) => o.line)).toEqual([11, 6, 9]);
    const repository = service.replace(/^.*transaction.*$/m, '');
    expect(offencesIn('modules/x/x.repository.ts', repository)).toEqual([]);
    expect(offencesIn('modules/x/x.repository.ts', service).map((o) => o.what)).toEqual([
      'opens a transaction outside the unit of work',
    ]);
    expect(offencesIn(UNIT_OF_WORK, 'return this.db.transaction((h) => work(h));')).toEqual([]);
  });
});
