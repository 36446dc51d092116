import { describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  chunksRunOnLoad,
  sourceMapWithCompileHint,
  withCompileHint,
} from './compile-hints';

const BIG = 20_000;
const chunk = (
  fileName: string,
  opts: { imports?: string[]; facade?: string; isEntry?: boolean; size?: number } = {},
) => ({
  fileName,
  facadeModuleId: opts.facade ?? null,
  imports: opts.imports ?? [],
  moduleIds: [],
  isEntry: opts.isEntry ?? false,
  size: opts.size ?? BIG,
});

describe('chunksRunOnLoad', () => {
  const chunks = [
    chunk('assets/index.js', {
      isEntry: true,
      facade: '/app/index.html',
      imports: ['assets/react.js', 'assets/tiny.js'],
    }),
    chunk('assets/react.js'),
    chunk('assets/tiny.js', { size: 300 }),
    chunk('assets/HomePage.js', {
      facade: '/app/src/features/feed/HomePage.tsx',
      imports: ['assets/cards.js', 'assets/react.js'],
    }),
    chunk('assets/cards.js'),
    chunk('assets/WorkRoute.js', {
      facade: '/app/src/features/works/WorkRoute.tsx',
      imports: ['assets/viewer.js'],
    }),
    chunk('assets/viewer.js'),
  ];

  it("takes the entry's and the home route's big chunks with what they import", () => {
    expect(chunksRunOnLoad(chunks).sort()).toEqual([
      'assets/HomePage.js',
      'assets/cards.js',
      'assets/index.js',
      'assets/react.js',
    ]);
  });

  it('leaves out small chunks and the other routes', () => {
    const hinted = chunksRunOnLoad(chunks);
    expect(hinted).not.toContain('assets/tiny.js');
    expect(hinted).not.toContain('assets/WorkRoute.js');
    expect(hinted).not.toContain('assets/viewer.js');
  });
});

describe('withCompileHint and sourceMapWithCompileHint', () => {
  it('puts the hint on a line of its own before the code, once', () => {
    const hinted = withCompileHint('import"./a.js";f();');
    expect(hinted).toBe(`${COMPILE_HINT}\nimport"./a.js";f();`);
    expect(withCompileHint(hinted)).toBe(hinted);
  });

  it('moves the mappings one line down and keeps the rest of the map', () => {
    const map = { version: 3, sources: ['a.ts'], names: [], mappings: 'AAAA,CAAC;AACA' };
    const moved = JSON.parse(sourceMapWithCompileHint(JSON.stringify(map)));
    expect(moved).toEqual({ ...map, mappings: ';AAAA,CAAC;AACA' });
  });
});
