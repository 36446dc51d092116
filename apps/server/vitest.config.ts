import { defineConfig } from 'vitest/config';

/**
 * Server tests. The root config runs this project with TEST_DB_KIND=pglite,
 * and again with TEST_DB_KIND=postgres when TEST_DATABASE_URL is set.
 * Forks: every test file runs in its own process, so its in-memory PGlite is
 * the only one there (DESIGN 4: one PGlite per process).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
