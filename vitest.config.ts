import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests of every workspace. Server tests run on the
 * embedded PGlite always, and again on the PostgreSQL server at
 * TEST_DATABASE_URL when it is set (DESIGN 2). Browser journeys live in e2e/.
 */
const serverProject = (name: string, dbKind: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name, root: './apps/server', env: { TEST_DB_KIND: dbKind } },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['src/**/*.test.ts'] } },
      serverProject('server:pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server:postgres', 'postgres')] : []),
      './apps/web/vitest.config.ts',
    ],
  },
});
