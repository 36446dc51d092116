import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/** Server test folders that never open a database (checked: no createTestApp, no TEST_DB_KIND). */
const DB_FREE = [
  'src/modules/ai/engines/**',
  'src/lib/workers/**',
  // ADR 0047: the import graph, read from the sources.
  'src/modules/module-graph.test.ts',
];

/**
 * Unit and integration tests of every workspace. Server tests run on the
 * embedded PGlite always, and again on the PostgreSQL server at
 * TEST_DATABASE_URL when it is set (DESIGN 2). Browser journeys live in e2e/.
 */
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: {
    name,
    root: './apps/server',
    env: { TEST_DB_KIND: dbKind },
    // The AI engines and the worker pool open no database: one run of them is enough.
    ...(dbKind === 'postgres' ? { exclude: [...DB_FREE, ...configDefaults.exclude] } : {}),
  },
});

/** CI sets VITEST_JSON_DIR to count results from the JSON report (see .ci/run). */
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    reporters: jsonDir
      ? ['default', ['json', { outputFile: join(jsonDir, 'unit.json') }]]
      : ['default'],
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
