import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, queryRows, type TDatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { LocalDiskStorage } from '../src/modules/files/local-disk.storage';
import { runSeed } from '../src/seed/index';
import { buildDataset, type TDatasetSize } from './dataset';
import { benchEngines } from './engines';
import { load, startApp, startRaw, type TAppChild, type TLoadResult } from './processes';
import { formatTable, type TLatencyStats } from './stats';
import { discoverTargets, type TTarget } from './targets';
import { benchUploads } from './uploads';

/**
 * `npm run bench`: builds the data set on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL: a server URL; the database
 * BENCH_DB_NAME is created there) or on PGlite, starts the real app in its
 * own process and measures each target three ways: the app over HTTP, the
 * same SQL sent straight to the database, and a bare node:http server
 * answering the same bytes. Sizes and times come from BENCH_* variables.
 */
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const size: TDatasetSize = {
  works: int('BENCH_WORKS', 100_000),
  users: int('BENCH_USERS', 10_000),
  likes: int('BENCH_LIKES', 1_000_000),
};
const settings = {
  connections: int('BENCH_CONNECTIONS', 10),
  seconds: int('BENCH_DURATION', 10),
  warmupSeconds: int('BENCH_WARMUP', 2),
};
const serverUrl = env.BENCH_DATABASE_URL ?? env.TEST_DATABASE_URL;
const isFresh = env.BENCH_FRESH === '1';
const here = path.dirname(fileURLToPath(import.meta.url));
const say = (line: string) => process.stdout.write(`${line}\n`);

/** A PostgreSQL database of its own, created (or dropped first with BENCH_FRESH=1). */
async function postgresUrl(server: string): Promise<string> {
  const name = env.BENCH_DB_NAME ?? 'layerline_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new Error('BENCH_DB_NAME: lower-case letters, digits, _');
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    if (isFresh) await admin.query(`drop database if exists "${name}" with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

async function openDatabase(): Promise<{
  handle: TDatabaseHandle;
  childEnv: Record<string, string>;
}> {
  if (serverUrl) {
    const url = await postgresUrl(serverUrl);
    return { handle: await createDatabase({ url }), childEnv: { BENCH_DB_URL: url } };
  }
  const dir = env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'layerline-bench-pglite');
  if (isFresh) await rm(dir, { recursive: true, force: true });
  return { handle: await createDatabase({ dataDir: dir }), childEnv: { BENCH_PGLITE_DIR: dir } };
}

type TRow = {
  target: TTarget;
  statements: number;
  bytes: number;
  app: TLoadResult;
  database: TLatencyStats;
  raw: TLoadResult;
};

async function measure(app: TAppChild, appPort: number, target: TTarget): Promise<TRow> {
  const captured = await app.ask({ type: 'capture', url: target.path });
  if (captured.type !== 'captured' || captured.status !== 200) {
    throw new Error(`${target.name}: ${JSON.stringify(captured).slice(0, 300)}`);
  }
  const url = `http://127.0.0.1:${appPort}${target.path}`;
  await load(url, settings.connections, settings.warmupSeconds);
  const appResult = await load(url, settings.connections, settings.seconds);
  const replayed = await app.ask({
    type: 'replay',
    statements: captured.statements,
    connections: settings.connections,
    durationMs: settings.seconds * 1000,
  });
  if (replayed.type !== 'replayed') throw new Error(`${target.name}: ${JSON.stringify(replayed)}`);
  const raw = await startRaw();
  await raw.child.ask({ type: 'serve', body: captured.body, contentType: captured.contentType });
  const rawUrl = `http://127.0.0.1:${raw.port}/`;
  await load(rawUrl, settings.connections, 1);
  const rawResult = await load(rawUrl, settings.connections, settings.seconds);
  await raw.child.close({ type: 'close' });
  return {
    target,
    statements: captured.statements.length,
    bytes: Buffer.byteLength(captured.body),
    app: appResult,
    database: replayed.stats,
    raw: rawResult,
  };
}

/** BENCH_EXPLAIN=1: the plan of every statement a target sends, instead of measuring. */
async function explain(app: TAppChild, target: TTarget): Promise<void> {
  const captured = await app.ask({ type: 'capture', url: target.path });
  if (captured.type !== 'captured') throw new Error(JSON.stringify(captured));
  const explained = await app.ask({ type: 'explain', statements: captured.statements });
  if (explained.type !== 'explained') throw new Error(JSON.stringify(explained));
  say(`\n=== ${target.name} (${target.path})`);
  captured.statements.forEach((statement, i) => {
    say(`--- ${statement.text}\n    params: ${JSON.stringify(statement.params)}`);
    say(explained.plans[i] ?? '');
  });
}

function report(rows: TRow[]): string {
  return formatTable(
    [
      'target',
      'req/s',
      'p50',
      'p97.5',
      'p99',
      'db req/s',
      'db p50',
      'db p99',
      'raw req/s',
      'raw p99',
      'SQL',
      'KiB',
      'goal',
    ],
    rows.map((row) => [
      row.target.name,
      Math.round(row.app.rps),
      row.app.p50,
      row.app.p97_5,
      row.app.p99,
      Math.round(row.database.rps),
      row.database.p50,
      row.database.p99,
      Math.round(row.raw.rps),
      row.raw.p99,
      row.statements,
      (row.bytes / 1024).toFixed(1),
      verdict(row),
    ]),
  );
}

/** Issue 5 goals at 10 connections: feed ≥ 1000 req/s with p99 < 50 ms; search p99 < 150 ms. */
function verdict(row: TRow): string {
  const { goal } = row.target;
  if (!goal) return '';
  const failed = row.app.non2xx > 0 || row.app.errors > 0;
  const rpsOk = goal.minRps === undefined || row.app.rps >= goal.minRps;
  const p99Ok = row.app.p99 < goal.maxP99;
  return !failed && rpsOk && p99Ok ? 'met' : 'MISSED';
}

async function main() {
  const started = new Date();
  const { handle, childEnv } = await openDatabase();
  say(`database: ${handle.kind}${serverUrl ? ` (${childEnv.BENCH_DB_URL})` : ''}`);
  await runMigrations(handle);
  const files = await mkdtemp(path.join(os.tmpdir(), 'layerline-bench-files-'));
  await runSeed({
    db: handle.db,
    storage: new LocalDiskStorage(files),
    demo: false,
    log: { info: say },
  });
  const dataset = await buildDataset(handle.db, size, say);
  const [server] = await queryRows<{ version: string }>(
    handle.db,
    sql`select version() as version`,
  );
  await handle.close();
  say(`dataset: ${JSON.stringify(dataset)}`);

  const loadBefore = os.loadavg();
  const { child, port } = await startApp(childEnv);
  try {
    // BENCH_ONLY: a regular expression choosing targets by name.
    const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
    const targets = (await discoverTargets(`http://127.0.0.1:${port}`)).filter(
      (target) => !only || only.test(target.name),
    );
    if (env.BENCH_EXPLAIN === '1') {
      for (const target of targets) await explain(child, target);
      return;
    }
    const rows: TRow[] = [];
    for (const target of targets) {
      say(`measuring ${target.name} (${target.path})`);
      rows.push(await measure(child, port, target));
    }
    const table = report(rows);
    // Other work on the machine skews every figure: the load average says how much there was.
    const loadAfter = os.loadavg();
    const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    say(
      `\n${settings.connections} connections, ${settings.seconds} s each; latencies in ms; ` +
        `load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`,
    );
    say(table);
    const result = {
      date: started.toISOString(),
      machine: {
        cpu: os.cpus()[0]?.model ?? 'unknown',
        cores: os.availableParallelism(),
        memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      },
      node: process.version,
      loadAverage: { before: loadBefore, after: loadAfter },
      database: { kind: handle.kind, version: server?.version ?? '' },
      settings,
      dataset,
      results: rows,
      table,
    };
    // The repository's bench/results (git-ignored): one JSON file per run.
    const dir = path.resolve(here, '../../../bench/results');
    await mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `bench-${handle.kind}-${started.toISOString().replaceAll(':', '-')}.json`,
    );
    await writeFile(file, `${JSON.stringify(result, null, 2)}\n`);
    say(`\nwritten: ${path.relative(process.cwd(), file)}`);
  } finally {
    await child.close({ type: 'close' });
    await rm(files, { recursive: true, force: true });
  }
}

// `npm run bench -- --engines`: the local image engines instead of the HTTP targets.
// `npm run bench -- --uploads`: /healthz while big SVG uploads are parsed (ADR 0008).
(process.argv.includes('--engines')
  ? benchEngines()
  : process.argv.includes('--uploads')
    ? benchUploads()
    : main()
).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
