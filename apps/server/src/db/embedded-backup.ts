import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrationsFolder } from '../paths';

/**
 * What a backup's manifest says of its embedded database (ADR 0056), read
 * from the database itself: how many migrations it has applied, the newest
 * one's time (drizzle's journal `when`), and each table's row count.
 */
export type TDatabaseFacts = {
  migrations: number;
  lastMigrationAt: number | null;
  tables: Record<string, number>;
};

/** The tables a backup counts and a restore checks: the app's and drizzle's migration log. */
const TABLES = `select table_schema || '.' || table_name as name
  from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle')
  order by 1`;

const quoted = (name: string) =>
  name
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');

async function factsOf(client: PGlite): Promise<TDatabaseFacts> {
  const names = (await client.query<{ name: string }>(TABLES)).rows.map((row) => row.name);
  const tables: Record<string, number> = {};
  for (const name of names) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from ${quoted(name)}`,
    );
    tables[name] = rows[0]?.n ?? 0;
  }
  const log = names.includes('drizzle.__drizzle_migrations')
    ? (
        await client.query<{ n: number; last: string | null }>(
          'select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations',
        )
      ).rows[0]
    : undefined;
  return {
    migrations: log?.n ?? 0,
    lastMigrationAt: log?.last ? Number(log.last) : null,
    tables,
  };
}

/**
 * Opens a data folder's tar (from `holdStill`) in memory, which proves it
 * opens, and reads its facts. It starts as after a power cut: PostgreSQL
 * replays its write-ahead log to the last commit.
 */
export async function describeDataDirTar(tar: Blob): Promise<TDatabaseFacts> {
  const client = await PGlite.create({ loadDataDir: tar, extensions: { pg_trgm } });
  try {
    return await factsOf(client);
  } finally {
    await client.close();
  }
}

/**
 * Writes a data folder's tar into `dir` (absent or empty) and opens it there
 * once; closing it leaves a cleanly shut down database the server starts on.
 */
export async function loadDataDirTar(tar: Blob, dir: string): Promise<TDatabaseFacts> {
  await mkdir(dir, { recursive: true });
  const client = await PGlite.create({
    dataDir: path.resolve(dir),
    loadDataDir: tar,
    extensions: { pg_trgm },
  });
  try {
    return await factsOf(client);
  } finally {
    await client.close();
  }
}

/** The migrations this build holds: their number and the newest one's time. */
export function knownMigrations(): { count: number; lastAt: number | null } {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  const last = journal.entries.at(-1);
  return { count: journal.entries.length, lastAt: last ? last.when : null };
}
