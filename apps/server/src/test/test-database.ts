import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, type TDatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { migrationsFolder } from '../paths';

export type TTestDbKind = 'pglite' | 'postgres';

/** Root vitest config runs the server tests once per kind (DESIGN 2). */
export function testDbKind(): TTestDbKind {
  return process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite';
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Names what a freshly migrated database holds: every file of the migrations
 * folder, the code that applies them and the PGlite build. Another migration,
 * or an edited one, gives another key and so another template.
 */
let templateKeyOnce: Promise<string> | undefined;
function templateKey(): Promise<string> {
  templateKeyOnce ??= (async () => {
    const hash = createHash('sha256');
    const folder = migrationsFolder();
    const walk = async (dir: string): Promise<void> => {
      for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
        a.name.localeCompare(b.name),
      )) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else
          hash
            .update(path.relative(folder, full))
            .update('\0')
            .update(await readFile(full));
      }
    };
    await walk(folder);
    hash.update(await readFile(fileURLToPath(new URL('../db/migrate.ts', import.meta.url))));
    // The PGlite build: its entry file's folder holds the wasm and data it starts from.
    const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
    hash.update(await readFile(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
    hash.update(await readFile(path.join(path.dirname(pgliteEntry), 'pglite.data')));
    return hash.digest('hex').slice(0, 16);
  })();
  return templateKeyOnce;
}

/** Where the migrated PGlite data folders (tars) are kept between test files and runs. */
const TEMPLATE_DIR = path.join(tmpdir(), 'layerline-test-templates');
/** Templates of older migration sets are removed when a new one is written after this long. */
const STALE_TEMPLATE_MS = 24 * 60 * 60 * 1000;

/** The migrated data folder of this process, read once (a file may open several databases). */
let pgliteTemplate: Promise<Blob | undefined> | undefined;

async function readPgliteTemplate(file: string): Promise<Blob | undefined> {
  try {
    return new Blob([new Uint8Array(await readFile(file))]);
  } catch {
    return undefined;
  }
}

/**
 * A migrated in-memory PGlite. Starting PGlite from nothing runs initdb, which
 * with the migrations costs a test file about 4 s of CPU; so the first file
 * migrates as before and leaves its data folder as a tar, and later files (of
 * this run and of later runs with the same migrations) start from that copy,
 * which holds exactly what the migrations made.
 */
async function createPgliteTestDatabase(): Promise<TDatabaseHandle> {
  const file = path.join(TEMPLATE_DIR, `pglite-${await templateKey()}.tar`);
  pgliteTemplate ??= readPgliteTemplate(file);
  const template = await pgliteTemplate;
  if (template) return createDatabase({ dataDir: 'memory', fromDataDirTar: template });

  const database = await createDatabase({ dataDir: 'memory' });
  await runMigrations(database);
  const tar = await database.holdStill?.(async (dataDirTar) => dataDirTar);
  if (tar) {
    pgliteTemplate = Promise.resolve(tar);
    await writeTemplateFile(file, tar).catch(() => {});
  }
  return database;
}

/** Writes under a name of its own, then renames: a file running at the same time reads all or nothing. */
async function writeTemplateFile(file: string, tar: Blob): Promise<void> {
  await mkdir(TEMPLATE_DIR, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(partial, new Uint8Array(await tar.arrayBuffer()));
  await rename(partial, file);
  for (const name of await readdir(TEMPLATE_DIR)) {
    const other = path.join(TEMPLATE_DIR, name);
    if (other === file) continue;
    const { mtimeMs } = await stat(other).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > STALE_TEMPLATE_MS) await rm(other, { force: true });
  }
}

/** Any constant: test runs sharing one PostgreSQL server build a template one at a time. */
const TEMPLATE_LOCK_KEY = 7_270_431_002;

/** The name of the migrated template database on this server, built once per migration set. */
let postgresTemplate: Promise<string> | undefined;

function postgresTemplateName(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `layerline_template_${await templateKey()}`;
    return withAdmin(serverUrl, async (client) => {
      const exists = async () =>
        ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ??
          0) > 0;
      if (await exists()) return name;
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        if (await exists()) return name;
        // Built under a name of its own and renamed when complete, so a run
        // stopped half-way never leaves a half-migrated template behind.
        const building = `${name}_${randomBytes(4).toString('hex')}`;
        await client.query(`create database "${building}"`);
        try {
          const database = await createDatabase({ url: databaseUrl(serverUrl, building) });
          try {
            await runMigrations(database);
          } finally {
            await database.close();
          }
          await client.query(`alter database "${building}" rename to "${name}"`);
        } catch (error) {
          await client.query(`drop database if exists "${building}" with (force)`);
          throw error;
        }
        return name;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
  })();
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}

/**
 * A fresh, migrated database for one test file (DESIGN 6): in-memory PGlite,
 * or a new database with a random name on the TEST_DATABASE_URL server,
 * dropped on close. Both start as a copy of a database the migrations made
 * (`createPgliteTestDatabase`; on PostgreSQL `create database … template`),
 * not by running the migrations again for every file.
 */
export async function createTestDatabase(): Promise<TDatabaseHandle> {
  if (testDbKind() === 'pglite') return createPgliteTestDatabase();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const template = await postgresTemplateName(serverUrl);
  const name = `layerline_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) =>
    client.query(`create database "${name}" template "${template}"`),
  );
  const database = await createDatabase({ url: databaseUrl(serverUrl, name) });
  return {
    ...database,
    close: async () => {
      await database.close();
      await withAdmin(serverUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
    },
  };
}
