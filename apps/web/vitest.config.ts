import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', 'bench/**/*.test.ts'],
    restoreMocks: true,
    // Whole-app tests render antd forms and lazy chunks; on a shared CI core
    // they need more than the 5 s default.
    testTimeout: 20_000,
  },
});
