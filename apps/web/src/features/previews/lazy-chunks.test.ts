import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, it } from 'vitest';

/**
 * DESIGN 4: three.js is a lazy chunk. Follows the static imports from
 * FilePreviewModal through our own modules (import() and `import type` do not
 * count, as neither puts code in the importing chunk) and checks that neither
 * three.js nor the loaders, the scene or the DXF parser are reached.
 */
const HERE = import.meta.dirname;
const SRC = join(HERE, '..', '..');

function resolveLocal(from: string, specifier: string): string | null {
  const base = join(dirname(from), specifier);
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((suffix) => base + suffix)
    .find((path) => existsSync(path) && /\.tsx?$/.test(path));
  return found ?? null;
}

type TStaticImport = { specifier: string; isTypeOnly: boolean };

function staticImports(file: string): TStaticImport[] {
  const { program, errors } = parseSync(file, readFileSync(file, 'utf8'), {
    lang: file.endsWith('.tsx') ? 'tsx' : 'ts',
    sourceType: 'module',
  });
  if (errors.length) throw new Error(`${file}: ${errors[0]?.message}`);
  const imports: TStaticImport[] = [];
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      imports.push({ specifier: node.source.value, isTypeOnly: node.importKind === 'type' });
    } else if (
      (node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') &&
      node.source
    ) {
      imports.push({ specifier: node.source.value, isTypeOnly: node.exportKind === 'type' });
    }
  }
  return imports;
}

/** Every module the entry pulls in statically, and every bare package it names. */
function staticGraph(entry: string) {
  const modules = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop() as string;
    if (modules.has(file)) continue;
    modules.add(file);
    for (const { specifier, isTypeOnly } of staticImports(file)) {
      if (isTypeOnly) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolveLocal(file, specifier);
      if (target) queue.push(target);
    }
  }
  return { modules: [...modules].map((path) => relative(SRC, path)), packages: [...packages] };
}

describe('the preview dialog stays cheap to import', () => {
  const graph = staticGraph(join(HERE, 'FilePreviewModal.tsx'));

  it('walks the viewers it imports', () => {
    expect(graph.modules).toEqual(
      expect.arrayContaining([
        'features/previews/FilePreviewModal.tsx',
        'features/previews/ModelViewer.tsx',
        'features/previews/DxfViewer.tsx',
        'features/previews/preview-kind.ts',
      ]),
    );
  });

  it('does not import three.js statically', () => {
    expect(graph.packages.filter((name) => /^three(\/|$)/.test(name))).toEqual([]);
  });

  it('leaves the loaders, the 3D scene and the DXF parser to import()', () => {
    const lazyOnly = ['load-model.ts', 'model-stage.ts', 'dxf-parse.ts', 'dxf-to-svg.ts'];
    expect(graph.modules.filter((path) => lazyOnly.some((name) => path.endsWith(name)))).toEqual(
      [],
    );
  });

  it('would notice a static three.js import', () => {
    // The checker itself must see what it guards against.
    expect(staticGraph(join(HERE, 'model-stage.ts')).packages).toContain('three');
  });
});
