import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

/** One Drizzle type for both drivers, so repositories never care which runs (DESIGN 2). */
export type TDatabase = PgDatabase<PgQueryResultHKT, typeof schema>;
export type TDatabaseKind = 'pglite' | 'postgres';

export type TDatabaseHandle = {
  db: TDatabase;
  kind: TDatabaseKind;
  /** Resolves when `select 1` answers; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded database only (ADR 0056): runs `work` while no statement or
   * transaction runs (every query waits for it), handing it the data folder as
   * it is at that point, as a tar (PGlite's dumpDataDir), and the moment
   * (`performance.now()`) statements began to wait. Every transaction is
   * either wholly in it or not at all.
   */
  holdStill?<T>(work: (dataDirTar: Blob, heldSince: number) => Promise<T>): Promise<T>;
  /** The PostgreSQL pool's connections and waits (the metrics); PGlite has none. */
  pool?: TPoolWatch;
};

export type TPoolWatch = {
  /** Connections open, idle and at most, and callers waiting for one, now. */
  counts(): { total: number; idle: number; waiting: number; max: number };
  /** Tells `listener` how long each acquire waited (ms) until the returned stop is called. */
  onAcquire(listener: (waitMs: number) => void): () => void;
};

export type TCreateDatabaseOptions = {
  /** PostgreSQL connection string; when set, dataDir is ignored. */
  url?: string;
  /** PGlite data folder, or 'memory' for a throw-away in-memory database. */
  dataDir?: string | 'memory';
  /**
   * 'memory' only: start from this data folder (a tar as `holdStill` hands
   * out, PGlite's dumpDataDir) instead of an empty cluster, skipping initdb.
   */
  fromDataDirTar?: Blob;
  /** Receives errors of idle pool connections, which would otherwise crash the process. */
  onError?: (error: Error) => void;
  /** PostgreSQL connections at most (DATABASE_POOL_SIZE); `defaultPoolSize()` when absent. */
  poolSize?: number;
};

/**
 * Connections to PostgreSQL at most, unless DATABASE_POOL_SIZE says: twice
 * this machine's cores, at least 4 (ADR 0040). PostgreSQL runs no more
 * statements at once than it has cores; more connections only make them
 * wait for a core in the middle of a statement instead of for a connection
 * before it, and take the cores from the app's own thread meanwhile.
 */
export function defaultPoolSize(cores = availableParallelism()): number {
  return Math.max(4, 2 * cores);
}

type TPgliteEntry = { client: Promise<PGlite>; refs: number };

/**
 * DESIGN 4: PGlite is one connection in one process, so a data folder is opened
 * once and shared; the last close() really closes it.
 */
const openPglites = new Map<string, TPgliteEntry>();

async function openPglite(
  dataDir: string | 'memory',
  fromDataDirTar?: Blob,
): Promise<{
  client: PGlite;
  release: () => Promise<void>;
}> {
  if (dataDir === 'memory') {
    const client = await PGlite.create({ extensions: { pg_trgm }, loadDataDir: fromDataDirTar });
    return { client, release: () => client.close() };
  }
  const dir = path.resolve(dataDir);
  let entry = openPglites.get(dir);
  if (!entry) {
    const client = mkdir(dir, { recursive: true }).then(() =>
      PGlite.create({ dataDir: dir, extensions: { pg_trgm } }),
    );
    entry = { client, refs: 0 };
    openPglites.set(dir, entry);
    client.catch(() => openPglites.delete(dir));
  }
  entry.refs += 1;
  const opened = entry;
  const client = await opened.client;
  let released = false;
  return {
    client,
    release: async () => {
      if (released) return;
      released = true;
      opened.refs -= 1;
      if (opened.refs === 0) {
        openPglites.delete(dir);
        await client.close();
      }
    },
  };
}

export async function createDatabase(options: TCreateDatabaseOptions): Promise<TDatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? defaultPoolSize(),
      // A dead server must fail health checks quickly instead of hanging them.
      connectionTimeoutMillis: 5000,
    });
    pool.on('error', (error) => options.onError?.(error));
    const watch = watchPool(pool);
    const db: TDatabase = drizzleNodePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      pool: watch,
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  const { client, release } = await openPglite(options.dataDir ?? 'memory', options.fromDataDirTar);
  const db: TDatabase = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: release,
    // Every query, exec and transaction of PGlite takes its transaction lock
    // first; holding it means none is under way. dumpDataDir takes only the
    // statement lock, so it runs inside.
    holdStill: (work) =>
      client._runExclusiveTransaction(async () => {
        const heldSince = performance.now();
        return work(await client.dumpDataDir('none'), heldSince);
      }),
  };
}

type TConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * The pool's counts, and the time each acquire waits: its `connect` (which
 * its own `query` calls too) is timed while someone listens, and left as it
 * is otherwise.
 */
function watchPool(pool: pg.Pool): TPoolWatch {
  const listeners = new Set<(waitMs: number) => void>();
  const connect = pool.connect.bind(pool) as (callback?: TConnectCallback) => unknown;
  const tell = (started: number) => {
    const waited = performance.now() - started;
    for (const listener of listeners) listener(waited);
  };
  pool.connect = ((callback?: TConnectCallback) => {
    if (listeners.size === 0) return connect(callback);
    const started = performance.now();
    if (!callback) {
      return (connect() as Promise<pg.PoolClient>).finally(() => tell(started));
    }
    return connect((error, client, done) => {
      tell(started);
      callback(error, client, done);
    });
  }) as typeof pool.connect;
  return {
    counts: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: pool.options.max ?? 10,
    }),
    onAcquire: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Rows of a raw SQL query. `db.execute` is typed `unknown` across the two
 * drivers; both answer an object with `rows`, so this is the one place that
 * says so. Prefer the query builder; use this for what it cannot express.
 */
export async function queryRows<T extends Record<string, unknown>>(
  db: TDatabase,
  query: SQL,
): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
