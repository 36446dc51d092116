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
