import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0047: modules with public faces. A module of src/modules is reached
 * from outside only through its index.ts, never through its repository, and
 * the modules' imports form no cycle. Read from the sources as text: no
 * compiler run and no database, so it takes a fraction of a second.
 */

const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Source roots: the server and its bench (a composition root outside src/). */
const ROOTS = ['src', 'bench'];

/**
 * The unit of work's registry (ADR 0045) makes every repository on one
 * handle, so it is the one file outside the modules that names them. A
 * module still reads only its own repositories from a unit of work: checked
 * below from the uses of `tx.<name>` and `repositories.<name>`.
 */
const REGISTRY = 'src/db/repositories.ts';

/** Search's statements run inside the feed's queries (ADR 0022, 0026). */
const SEARCH_IN_FEED = "runs search's statements through the feed's repository";

/**
 * Tests and benches that need another module's inner file, and why. Every
 * other test goes through the module's index.ts like production code.
 */
const REACH_IN: Record<string, string> = {
  'src/test/auth-helpers.ts': 'signs users in by issuing tokens on the sessions table directly',
  'src/test/ai-jobs.ts': "runs one AI job with the local engines, as the ai module's worker does",
  'src/test/engine-checks.ts': "checks engines against the ai module's engine contract",
  'src/seed/seed.test.ts': 'reads which seeded files the files table keeps private',
  'src/modules/search/search-bound.test.ts': SEARCH_IN_FEED,
  'src/modules/search/search-statements.test.ts': SEARCH_IN_FEED,
  'src/modules/search/search-term-sets.test.ts': SEARCH_IN_FEED,
  'src/modules/search/search-titles.test.ts': SEARCH_IN_FEED,
  'src/modules/ai/engines/text-to-logo.engine.test.ts':
    "reads the logo's SVG with the files module's XML parser",
  'src/modules/ai/vectorize-dpi.routes.test.ts':
    "strips a PNG's pHYs with the files module's image code",
  'src/modules/files/upload-kinds.routes.test.ts':
    "decodes an upload's pixels as the AI engines do",
  'bench/ai.ts': 'measures each local engine on its pool, below the ai module',
  'bench/bench-server.ts': "counts the feed's prepared statement by its name",
};

type TImport = { from: string; to: string; specifier: string };

/** Tests, the helpers beside them (`*.test-helpers.ts`) and the shared ones of src/test. */
const isTest = (file: string) =>
  /\.test(-helpers)?\.ts$/.test(file) || file.startsWith('src/test/');

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(SERVER, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') sourceFiles(rel, out);
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

/** import/export ... from '…', bare import '…' and import('…'), each at its own statement. */
const STATIC = /^[ \t]*(?:import|export)\s+(?:type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The file a relative specifier names (server-relative, posix), or undefined if none. */
function resolve(from: string, specifier: string): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const abs = path.join(SERVER, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return undefined;
}

function importsOf(files: string[]): { imports: TImport[]; unresolved: string[] } {
  const imports: TImport[] = [];
  const unresolved: string[] = [];
  for (const from of files) {
    const text = readFileSync(path.join(SERVER, from), 'utf8');
    for (const match of [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)]) {
      const specifier = match[1] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = resolve(from, specifier);
      if (to) imports.push({ from, to, specifier });
      else unresolved.push(`${from}: '${specifier}'`);
    }
  }
  return { imports, unresolved };
}

/** The module a file belongs to (src/modules/<name>/…), if any. */
function moduleOf(file: string): string | undefined {
  const parts = file.split('/');
  return parts[0] === 'src' && parts[1] === 'modules' && parts.length > 3 ? parts[2] : undefined;
}

const isIndex = (file: string) => /^src\/modules\/[^/]+\/index\.ts$/.test(file);
const isRepository = (file: string) => /\.repository\.ts$/.test(file);

/** An import of another module's file, seen from outside that module. */
function crossings(imports: TImport[]) {
  return imports.filter((i) => moduleOf(i.to) !== undefined && moduleOf(i.to) !== moduleOf(i.from));
}

const show = (i: TImport) => `${i.from} -> ${i.to}`;

/** Cycles of the module graph: one shortest cycle per strongly connected group. */
function moduleCycles(imports: TImport[]): string[] {
  const edges = new Map<string, Map<string, TImport>>();
  for (const i of crossings(imports)) {
    const a = moduleOf(i.from);
    const b = moduleOf(i.to);
    if (!a || !b) continue;
    if (!edges.has(a)) edges.set(a, new Map());
    const out = edges.get(a);
    if (out && !out.has(b)) out.set(b, i);
  }
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const groups: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) group.push(w);
      } while (w && w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return groups.map((group) => {
    // The shortest way back to the group's first module, by breadth-first search.
    const start = group[0] ?? '';
    const previous = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const v = queue.shift() ?? '';
      for (const w of edges.get(v)?.keys() ?? []) {
        if (!group.includes(w) || previous.has(w)) continue;
        previous.set(w, v);
        if (w !== start) queue.push(w);
      }
      if (previous.has(start)) break;
    }
    const cycle = [start];
    for (let v = previous.get(start); v && v !== start; v = previous.get(v)) cycle.unshift(v);
    cycle.unshift(start);
    const steps = cycle.slice(1).map((to, k) => {
      const from = cycle[k] ?? '';
      const via = edges.get(from)?.get(to);
      return via ? `  ${show(via)}` : '';
    });
    return `${cycle.join(' -> ')} (modules ${group.join(', ')})\n${steps.join('\n')}`;
  });
}

/** `export { a, type B } from './x'` of an index, with its names. */
const REEXPORT = /^export\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)';/gm;

/**
 * Uses of another module's repository through a unit of work: `tx.works`,
 * `repositories.files`, named as the registry names them (ADR 0045).
 */
function foreignRepositoryUses(): string[] {
  const registry = readFileSync(path.join(SERVER, REGISTRY), 'utf8');
  const classOwner = new Map<string, string>();
  for (const i of imports.filter((imp) => imp.from === REGISTRY)) {
    const line = registry.split('\n').find((l) => l.includes(`'${i.specifier}'`)) ?? '';
    const name = /import\s+\{\s*(\w+)/.exec(line)?.[1];
    if (name) classOwner.set(name, moduleOf(i.to) ?? 'kernel');
  }
  const owner = new Map<string, string>();
  for (const match of registry.matchAll(/^\s*(\w+):\s*\([^)]*\)\s*=>\s*new\s+(\w+)\(/gm)) {
    const module = classOwner.get(match[2] ?? '');
    if (match[1] && module) owner.set(match[1], module);
  }
  const found: string[] = [];
  for (const file of files.filter((f) => moduleOf(f) !== undefined && !isTest(f))) {
    const text = readFileSync(path.join(SERVER, file), 'utf8');
    for (const match of text.matchAll(/\b(?:tx|repositories)\.(\w+)\b/g)) {
      const module = owner.get(match[1] ?? '');
      if (module && module !== 'kernel' && module !== moduleOf(file)) {
        found.push(`${file}: ${match[0]} is the ${module} module's`);
      }
    }
  }
  return found;
}

const files = ROOTS.flatMap((root) => sourceFiles(root));
const indexFiles = files.filter(isIndex);
const { imports, unresolved } = importsOf(files);
const production = imports.filter((i) => !isTest(i.from));
/** Imports the rules below let pass, each for the reason given with its list. */
const excused = (i: TImport) => i.from === REGISTRY || i.from in REACH_IN;

describe('module graph (ADR 0047)', () => {
  it('reads the sources it checks', () => {
    expect(unresolved).toEqual([]);
    // A parser that sees nothing passes every rule: make sure it sees the modules.
    expect(crossings(production).length).toBeGreaterThan(50);
  });

  it('has no cycle between modules (type-only imports included)', () => {
    expect(moduleCycles(production)).toEqual([]);
  });

  it("reaches no other module's repository", () => {
    const found = crossings(imports).filter((i) => isRepository(i.to) && !excused(i));
    expect(found.map(show)).toEqual([]);
  });

  it('reaches another module only through its index.ts', () => {
    const found = crossings(imports).filter((i) => !isIndex(i.to) && !excused(i));
    expect(found.map(show)).toEqual([]);
  });

  it("keeps repositories out of the modules' public faces (their row types may pass)", () => {
    const found = indexFiles.flatMap((index) =>
      [...readFileSync(path.join(SERVER, index), 'utf8').matchAll(REEXPORT)]
        .filter((match) => /\.repository['"]/.test(match[0]) && !/^export\s+type\s/.test(match[0]))
        .filter((match) => (match[1] ?? '').split(',').some((name) => !/^\s*type\s/.test(name)))
        .map((match) => `${index}: ${match[0].replace(/\s+/g, ' ')}`),
    );
    expect(found).toEqual([]);
  });

  it("reads only the module's own repositories from a unit of work", () => {
    expect(foreignRepositoryUses()).toEqual([]);
  });

  it("imports no module from the kernel, and no module's own index from inside it", () => {
    const found = imports.filter(
      (i) =>
        (i.from.startsWith('src/kernel/') && moduleOf(i.to) !== undefined) ||
        (isIndex(i.to) && moduleOf(i.from) === moduleOf(i.to) && !isIndex(i.from)),
    );
    expect(found.map(show)).toEqual([]);
  });

  it('lists only files that still need their exemption', () => {
    const reaching = new Set(
      crossings(imports)
        .filter((i) => !isIndex(i.to))
        .map((i) => i.from),
    );
    const unneeded = Object.keys(REACH_IN).filter((f) => !reaching.has(f));
    expect(unneeded).toEqual([]);
  });
});
