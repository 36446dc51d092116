import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/**
 * Bundles the server into dist/main.js. Dependencies stay in node_modules
 * (external), except the contract package, which is TypeScript source and is
 * compiled in. Migrations are read at run time from ../drizzle, found by
 * walking up from dist/ (src/paths.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const bundled = new Set(['@layerline/contract']);
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.has(name));

const bundles = [
  { entry: ['src', 'main.ts'], out: 'main.js' },
  // ADR 0012: `npm run worker` starts extra AI job workers against the same PostgreSQL.
  { entry: ['src', 'worker.ts'], out: 'worker.js' },
  // Worker threads load their own entry file beside main.js (DESIGN 5: heavy
  // image work runs off the event loop).
  {
    entry: ['src', 'modules', 'ai', 'engines', 'image-engine.worker.ts'],
    out: 'image-engine.worker.js',
  },
  // ADR 0008: uploaded files are parsed and sanitised in a worker pool.
  { entry: ['src', 'modules', 'files', 'upload.worker.ts'], out: 'upload.worker.js' },
  // ADR 0056: a backup checks its database copy off the server's thread.
  { entry: ['src', 'backup', 'check-copy.worker.ts'], out: 'check-copy.worker.js' },
];

for (const { entry, out } of bundles)
  await build({
    entryPoints: [path.join(root, ...entry)],
    outfile: path.join(root, 'dist', out),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'info',
    // CommonJS code inside the bundle may call require(); ESM has none, so make one.
    banner: {
      js: "import { createRequire as __layerlineCreateRequire } from 'node:module';\nconst require = __layerlineCreateRequire(import.meta.url);",
    },
  });
