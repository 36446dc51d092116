import { describe, expect, it } from 'vitest';
import {
  reachingEntries,
  sharedWithHome,
  type TChunkingContext,
  type TModuleInfo,
} from './chunk-groups';

const HOME = '/app/src/features/feed/HomePage.tsx';

/** A module graph: each module's static importers and whether something imports it lazily. */
function graph(
  modules: Record<string, { importers?: string[]; lazy?: boolean; entry?: boolean }>,
): TChunkingContext {
  return {
    getModuleInfo(id) {
      const module = modules[id];
      if (!module) return null;
      const info: TModuleInfo = {
        isEntry: module.entry ?? false,
        importers: module.importers ?? [],
        dynamicImporters: module.lazy ? ['/app/src/app/router.tsx'] : [],
      };
      return info;
    },
  };
}

const ctx = graph({
  '/app/src/main.tsx': { entry: true },
  '/app/src/app/router.tsx': { importers: ['/app/src/main.tsx'] },
  [HOME]: { lazy: true },
  '/app/src/features/work/WorkRoute.tsx': { lazy: true },
  '/app/src/features/feed/home-only.ts': { importers: [HOME] },
  '/app/src/components/SafeImage.tsx': {
    importers: ['/app/src/features/feed/home-only.ts', '/app/src/features/work/WorkRoute.tsx'],
  },
  '/app/src/lib/format.ts': { importers: ['/app/src/components/SafeImage.tsx'] },
  '/app/src/lib/api.ts': { importers: [HOME, '/app/src/app/router.tsx'] },
  '/app/src/features/work/work-only.ts': { importers: ['/app/src/features/work/WorkRoute.tsx'] },
  // A cycle between two modules the home and the work page share.
  '/app/src/lib/a.ts': { importers: [HOME, '/app/src/lib/b.ts'] },
  '/app/src/lib/b.ts': { importers: ['/app/src/lib/a.ts', '/app/src/features/work/WorkRoute.tsx'] },
});

describe('chunk groups (docs/PERFORMANCE.md, ninth pass)', () => {
  it('finds the lazy modules and the entry whose static imports reach a module', () => {
    expect(reachingEntries('/app/src/lib/format.ts', ctx)).toEqual(
      new Set([HOME, '/app/src/features/work/WorkRoute.tsx']),
    );
    expect(reachingEntries('/app/src/lib/api.ts', ctx)).toEqual(
      new Set([HOME, '/app/src/main.tsx']),
    );
    expect(reachingEntries(HOME, ctx)).toEqual(new Set([HOME]));
  });

  it('puts what the home shares with other lazy routes into one chunk, through imports and cycles', () => {
    const name = sharedWithHome();
    expect(name('/app/src/components/SafeImage.tsx', ctx)).toBe('home-shared');
    expect(name('/app/src/lib/format.ts', ctx)).toBe('home-shared');
    expect(name('/app/src/lib/a.ts', ctx)).toBe('home-shared');
    expect(name('/app/src/lib/b.ts', ctx)).toBe('home-shared');
  });

  it("leaves the home's own modules, the first load's and other routes' alone", () => {
    const name = sharedWithHome();
    expect(name(HOME, ctx)).toBeNull();
    expect(name('/app/src/features/feed/home-only.ts', ctx)).toBeNull();
    expect(name('/app/src/lib/api.ts', ctx)).toBeNull();
    expect(name('/app/src/features/work/work-only.ts', ctx)).toBeNull();
    expect(name('/app/src/features/work/WorkRoute.tsx', ctx)).toBeNull();
    expect(name('/app/src/unknown.ts', ctx)).toBeNull();
  });
});
