import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const MIGRATIONS = join(SERVER_DIR, 'drizzle');
const DRIZZLE_KIT = join(SERVER_DIR, '..', '..', 'node_modules', 'drizzle-kit', 'bin.cjs');

/**
 * The schema in src/db/schema and the migrations in drizzle/ must agree: a
 * change to the schema without `drizzle-kit generate` would pass every test
 * (they build the database from the migrations) and then fail in production.
 * drizzle-kit compares the schema with the newest snapshot of a copy of the
 * migrations; it must find nothing to generate.
 */
describe('database migrations', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'layerline-migrations-'));
    await cp(MIGRATIONS, copy, { recursive: true });
  });

  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  it('are generated from the current schema', async () => {
    const before = await readdir(copy);
    const { stdout } = await run(
      process.execPath,
      [
        DRIZZLE_KIT,
        'generate',
        '--dialect',
        'postgresql',
        '--schema',
        './src/db/schema/index.ts',
        // drizzle-kit reads --out relative to the working directory.
        '--out',
        relative(SERVER_DIR, copy),
      ],
      { cwd: SERVER_DIR, timeout: 60_000 },
    );
    const after = await readdir(copy);
    expect(after.filter((name) => !before.includes(name))).toEqual([]);
    expect(stdout).toContain('No schema changes');
  }, 90_000);
});
