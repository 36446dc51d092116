import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, queryRows, type TDatabaseHandle } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { LocalDiskStorage } from '../src/modules/files';
import { runSeed } from '../src/seed/index';
import { benchBurst } from './burst';
import { buildDataset, type TDatasetSize } from './dataset';
import { load, startApp, startRaw, type TAppChild } from './processes';
import { report, summary, type TBenchRow, thousands } from './report';
import { discoverTargets, likeAsReader, type TTarget } from './targets';
import { benchUploads, healthzDuringUploads } from './uploads';
import { benchWrites, type TWriteRow, writesTable } from './writes';

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
  /**
   * New searches are measured over a fixed count of texts, after some for
   * warm-up: with the defaults, 1,424 two-word texts and then 1,576
   * three-word ones. Measured for a duration instead, a run on a fast machine
   * reached text 14,000 (nearly all three-word texts, most finding nothing)
   * and one on a slow machine text 3,400: a fixed count measures the same
   * texts on both.
   */
  newTexts: { warmup: int('BENCH_NEW_TEXTS_WARMUP', 600), measured: int('BENCH_NEW_TEXTS', 3000) },
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

/** What a browser sends: the app's answers are measured as they travel (ADR 0018). */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

async function measure(
  app: TAppChild,
  appPort: number,
  target: TTarget,
  authorization: string,
): Promise<TBenchRow> {
  const headers: Record<string, string> = target.signedIn ? { authorization } : {};
  const captured = await app.ask({ type: 'capture', url: target.path, headers });
  if (captured.type !== 'captured' || captured.status !== 200) {
    throw new Error(`${target.name}: ${JSON.stringify(captured).slice(0, 300)}`);
  }
  const url = `http://127.0.0.1:${appPort}${target.path}`;
  const options = { headers: { ...BROWSER_HEADERS, ...headers }, paths: target.paths };
  const { amount } = target;
  await load(url, settings.connections, settings.warmupSeconds, {
    ...options,
    amount: amount?.warmup,
  });
  const appResult = await load(url, settings.connections, settings.seconds, {
    ...options,
    amount: amount?.measured,
  });
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
    warmStatements: captured.warmStatements,
    bytes: Buffer.byteLength(captured.body),
    brBytes: captured.brBytes,
    gzipBytes: captured.gzipBytes,
    encodings: captured.encodings,
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

/** PGlite, the two-command default, in the same run: its own small data set (ADR 0018 row). */
async function measurePglite(): Promise<TBenchRow> {
  const dir = env.BENCH_PGLITE_DIR ?? path.join(os.tmpdir(), 'layerline-bench-pglite');
  const handle = await createDatabase({ dataDir: dir });
  await runMigrations(handle);
  const files = await mkdtemp(path.join(os.tmpdir(), 'layerline-bench-files-'));
  await runSeed({
    db: handle.db,
    storage: new LocalDiskStorage(files),
    demo: false,
    log: { info: say },
  });
  const works = int('BENCH_PGLITE_WORKS', 20_000);
  await buildDataset(handle.db, { works, users: works / 10, likes: works * 10 }, say);
  await handle.close();
  await rm(files, { recursive: true, force: true });
  const { child, port } = await startApp({ BENCH_PGLITE_DIR: dir });
  try {
    const target: TTarget = {
      name: `feed page 1 (${thousands(works)} works)`,
      path: '/api/v1/works/home',
      goal: { minRps: 3000 },
    };
    say(`measuring PGlite ${target.name}`);
    return await measure(child, port, target, '');
  } finally {
    await child.close({ type: 'close' });
  }
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
    const targets = (await discoverTargets(`http://127.0.0.1:${port}`, settings.newTexts)).filter(
      (target) => !only || only.test(target.name),
    );
    if (env.BENCH_EXPLAIN === '1') {
      for (const target of targets) await explain(child, target);
      return;
    }
    const session = await child.ask({ type: 'session' });
    if (session.type !== 'session') throw new Error(JSON.stringify(session));
    await likeAsReader(`http://127.0.0.1:${port}`, session.authorization, targets);
    const rows: TBenchRow[] = [];
    const failed: string[] = [];
    for (const target of targets) {
      say(`measuring ${target.name} (${target.path})`);
      // A target that fails (a deep page past the pool's acquire timeout on a
      // big data set) is reported, and the other rows are still measured.
      try {
        rows.push(await measure(child, port, target, session.authorization));
      } catch (error) {
        failed.push(`${target.name}: ${error instanceof Error ? error.message : String(error)}`);
        say(`FAILED ${failed.at(-1)}`);
      }
    }
    // Likes and comments from many users at once: req/s, p99, statements per write.
    let writes: TWriteRow[] | undefined;
    const writeSettings = {
      users: int('BENCH_WRITE_USERS', 1000),
      connections: int('BENCH_WRITE_CONNECTIONS', 50),
      seconds: settings.seconds,
      warmupSeconds: settings.warmupSeconds,
    };
    if (env.BENCH_WRITES !== '0' && (!only || only.test('writes'))) {
      writes = await benchWrites(child, port, writeSettings, say);
    }
    await child.close({ type: 'close' });
    // ADR 0008 in the same run: /healthz of an instance parsing uploads it accepts
    // and running 4 AI jobs (a new instance, with its AI worker).
    let healthz: { p99: number; uploads: string } | undefined;
    if (env.BENCH_UPLOADS !== '0' && (!only || only.test('uploads'))) {
      say('measuring /healthz during accepted uploads and 4 AI jobs');
      const during = await healthzDuringUploads(
        childEnv,
        { scale: int('BENCH_UPLOAD_SCALE', 1), gapMs: int('BENCH_HEALTHZ_GAP_MS', 10) },
        say,
      );
      healthz = { p99: during.stats.p99, uploads: during.uploads };
      say(
        `/healthz ${JSON.stringify(during.stats)}; app event loop ${JSON.stringify(during.loop)}`,
      );
    }
    const pglite =
      serverUrl && env.BENCH_PGLITE !== '0' && !only ? await measurePglite() : undefined;
    const table = report(
      pglite
        ? [
            ...rows,
            { ...pglite, target: { ...pglite.target, name: `PGlite ${pglite.target.name}` } },
          ]
        : rows,
    );
    // Other work on the machine skews every figure: the load average says how much there was.
    const loadAfter = os.loadavg();
    const load = (values: number[]) => values.map((v) => v.toFixed(2)).join(' ');
    say(
      `\n${settings.connections} connections, ${settings.seconds} s each; latencies in ms; ` +
        `load average before ${load(loadBefore)}, after ${load(loadAfter)}\n`,
    );
    say(table);
    for (const line of failed) say(`FAILED ${line}`);
    if (writes) say(`\n${writesTable(writes, writeSettings.connections, writeSettings.users)}`);
    say(`\n${summary(rows, { pglite, healthz })}`);
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
      failed,
      writes,
      pglite,
      healthz,
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

// `npm run bench -- --uploads`: /healthz while big SVG uploads are parsed (ADR 0008);
// `-- --burst`: 1,000 toggles at once on two instances (docs/PERFORMANCE.md, "Bursts of writes").
// The local AI engines have their own command, `npm run bench:ai`.
const chosen = process.argv.includes('--uploads')
  ? benchUploads
  : process.argv.includes('--burst')
    ? benchBurst
    : main;
chosen().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
