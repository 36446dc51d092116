import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Pool } from 'pg';
import { migrationsFolder } from '../paths';
import type { TDatabaseHandle } from './client';
import type * as schema from './schema';

/** Any constant works; it only has to be the same on every server of a deployment. */
const MIGRATION_LOCK_KEY = 7_270_431_001;

/**
 * Applies the SQL migrations of apps/server/drizzle in code (DESIGN 4), on
 * whichever driver the handle uses.
 */
export async function runMigrations(
  database: TDatabaseHandle,
  folder: string = migrationsFolder(),
): Promise<void> {
  if (database.kind === 'pglite') {
    // The handle was built from a PgliteDatabase; TDatabase only widens its type.
    await migratePglite(database.db as unknown as PgliteDatabase<typeof schema>, {
      migrationsFolder: folder,
    });
    return;
  }
  const db = database.db as unknown as NodePgDatabase<typeof schema> & { $client: Pool };
  // DESIGN 2: N stateless servers may start together on one PostgreSQL; the
  // advisory lock makes them apply migrations one after another, not at once.
  const lockClient = await db.$client.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(db, { migrationsFolder: folder });
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    lockClient.release();
  }
}
