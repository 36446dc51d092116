import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../test/test-database';
import { createDatabase, defaultPoolSize, queryRows } from './client';
import { runMigrations } from './migrate';
import { categories } from './schema';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'layerline-db-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('createDatabase', () => {
  it('opens a PGlite data folder once per process and keeps its data', async () => {
    const dataDir = path.join(dir, 'db');
    const a = await createDatabase({ dataDir });
    const b = await createDatabase({ dataDir });
    expect(a.kind).toBe('pglite');
    await runMigrations(a);
    await a.db.insert(categories).values({ slug: 'tools', nameEn: 'Tools', nameZh: '工具' });
    // The second handle shares the instance: it sees the row, and survives a's close.
    await a.close();
    await b.ping();
    expect(await b.db.select({ slug: categories.slug }).from(categories)).toEqual([
      { slug: 'tools' },
    ]);
    await b.close();

    const reopened = await createDatabase({ dataDir });
    await runMigrations(reopened);
    expect(await reopened.db.$count(categories)).toBe(1);
    await reopened.close();
  });

  it('opens at most DATABASE_POOL_SIZE PostgreSQL connections, twice the cores by default (ADR 0040)', async () => {
    // A pool connects on its first query only: nothing listens on this port.
    const url = 'postgres://nobody@127.0.0.1:1/none';
    const maxOf = (handle: { db: unknown }) =>
      (handle.db as { $client: { options: { max?: number } } }).$client.options.max;
    const sized = await createDatabase({ url, poolSize: 3 });
    const unsized = await createDatabase({ url });
    expect(maxOf(sized)).toBe(3);
    expect(maxOf(unsized)).toBe(defaultPoolSize());
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
    await sized.close();
    await unsized.close();
  });

  it(`migrates idempotently and has pg_trgm (${testDbKind()})`, async () => {
    const database = await createTestDatabase();
    try {
      expect(database.kind).toBe(testDbKind());
      await runMigrations(database);
      const rows = await queryRows<{ score: number }>(
        database.db,
        sql`select similarity('benchy', 'benchie') as score`,
      );
      expect(Number(rows[0]?.score)).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });
});
