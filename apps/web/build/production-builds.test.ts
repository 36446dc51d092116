import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isDevelopmentBuild, productionTwin } from './production-builds';

describe('productionTwin', () => {
  it("names the production file beside a package's development build", () => {
    const dev = path.join(
      '/app',
      'node_modules',
      'react-router',
      'dist',
      'development',
      'index.mjs',
    );
    expect(productionTwin(dev)).toBe(
      path.join('/app', 'node_modules', 'react-router', 'dist', 'production', 'index.mjs'),
    );
  });

  it('is null for a file outside dist/development', () => {
    expect(
      productionTwin(path.join('/app', 'node_modules', 'x', 'development', 'a.js')),
    ).toBeNull();
    expect(productionTwin(path.join('/app', 'node_modules', 'x', 'index.js'))).toBeNull();
  });
});

describe('isDevelopmentBuild', () => {
  it("knows a package's development build by its path", () => {
    expect(isDevelopmentBuild('/app/node_modules/react-router/dist/development/chunk-X.mjs')).toBe(
      true,
    );
    expect(isDevelopmentBuild('/app/node_modules/react-router/dist/production/chunk-X.mjs')).toBe(
      false,
    );
    expect(isDevelopmentBuild('/app/src/development/page.tsx')).toBe(false);
  });
});

describe('the web build, whatever NODE_ENV the shell has', () => {
  it('is a production build under NODE_ENV=test (React and its peers in their production builds)', async () => {
    const { resolveConfig } = await import('vite');
    const root = path.resolve(import.meta.dirname, '..');
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = 'test';
    try {
      const config = await resolveConfig(
        { root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent' },
        'build',
      );
      expect(config.isProduction).toBe(true);
      expect(process.env.NODE_ENV).toBe('production');
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
