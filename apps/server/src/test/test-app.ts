import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type TApp, type TBuildAppOptions } from '../app';
import { loadConfig, type TConfig } from '../config';
import type { TDatabase, TDatabaseHandle } from '../db/client';
import { type FileStorage, LocalDiskStorage } from '../modules/files';
import { createTestDatabase } from './test-database';

export type TTestApp = {
  app: TApp;
  db: TDatabase;
  database: TDatabaseHandle;
  storage: FileStorage;
  config: TConfig;
  /** A temporary DATA_DIR, removed on close. */
  dataDir: string;
  close(): Promise<void>;
};

export type TCreateTestAppOptions = {
  /** Environment variables on top of the test defaults (quiet log, no seed, no web build). */
  env?: Record<string, string | undefined>;
  /** Replaces the test database, e.g. with one whose ping fails. */
  database?: TDatabaseHandle;
  storage?: FileStorage;
} & Pick<
  TBuildAppOptions,
  'clock' | 'mailer' | 'authLimits' | 'commentLimit' | 'userLimits' | 'ai' | 'coverRenderMs'
>;

/**
 * A generated cover's budget in tests: a worker thread's first start and a
 * machine busy with parallel test files take far more than production's
 * COVER_RENDER_MS, and a cover silently missing would fail tests at random.
 */
const TEST_COVER_RENDER_MS = 20_000;

/** How long a test app's writes may wait at the admission gate (ADR 0050). */
const TEST_ADMISSION_WAIT_MS = 60_000;

/** The config a test app runs with; `dataDir` is the test's temporary folder. */
export function testConfig(dataDir: string, env: Record<string, string | undefined> = {}): TConfig {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'test',
    // Tests never depend on the web build; web-app tests point this at a fake one.
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // ADR 0050: the admission gate stays on, but a write queued behind a test's
    // own concurrent writes on a machine busy with parallel test files waits
    // rather than being refused; the refusals are tested with settings of their own.
    ADMISSION_WAIT_MS: String(TEST_ADMISSION_WAIT_MS),
    ...env,
  });
}

/**
 * The app on a fresh migrated database (DESIGN 6: each test file gets its
 * own). Not started: use `app.inject`; routes may still be added before the
 * first inject. Call `close()` in afterAll.
 */
export async function createTestApp(options: TCreateTestAppOptions = {}): Promise<TTestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-test-'));
  const config = testConfig(dataDir, options.env);
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const storage = options.storage ?? new LocalDiskStorage(path.join(dataDir, 'files'));
  const app = await buildApp({
    config,
    database,
    storage,
    clock: options.clock,
    mailer: options.mailer,
    authLimits: options.authLimits,
    commentLimit: options.commentLimit,
    userLimits: options.userLimits,
    ai: options.ai,
    coverRenderMs: options.coverRenderMs ?? TEST_COVER_RENDER_MS,
  });
  return {
    app,
    db: database.db,
    database,
    storage,
    config,
    dataDir,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
