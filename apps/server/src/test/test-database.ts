import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type TDatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';

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

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new
 * database with a random name on the TEST_DATABASE_URL server, dropped on close.
 */
export async function createTestDatabase(): Promise<TDatabaseHandle> {
  if (testDbKind() === 'pglite') {
    const database = await createDatabase({ dataDir: 'memory' });
    await runMigrations(database);
    return database;
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `layerline_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ url: url.toString() });
  try {
    await runMigrations(database);
  } catch (error) {
    await database.close();
    await withAdmin(serverUrl, (client) => client.query(`drop database if exists "${name}"`));
    throw error;
  }
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
