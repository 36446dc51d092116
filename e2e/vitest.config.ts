import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys against the built server in Debian's Chromium. One file at
 * a time: the machine has 2 cores and each file drives a real browser against
 * the same server. VITEST_JSON_DIR (set by .ci/run) adds a JSON report that
 * the CI summary counts.
 */
const jsonDir = process.env.VITEST_JSON_DIR;

export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    teardownTimeout: 30_000,
    fileParallelism: false,
    reporters: jsonDir
      ? ['default', ['json', { outputFile: join(jsonDir, 'e2e.json') }]]
      : ['default'],
  },
});
