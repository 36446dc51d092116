import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type EventLoopUtilization,
  type IntervalHistogram,
  monitorEventLoopDelay,
  PerformanceObserver,
  performance,
} from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { type AiWorker, createAiEngines, startAiWorkers } from '../src/modules/ai';
import { TERM_MATCHES_STATEMENT } from '../src/modules/feed/feed.repository';
import { createStorage } from '../src/modules/files';
import { signIn } from '../src/test/auth-helpers';
import { createUser } from '../src/test/factories';
import { latencyStats, type TLatencyStats } from './stats';

/**
 * The real app in its own process (the load generator must not share its
 * event loop), started by run.ts over IPC. It can also record the SQL one
 * request sends and replay it straight to the database (the 'database
 * alone' column), through the app's own connection pool.
 */
export type TStatement = { text: string; params: unknown[] };
type TNamedQuery = { text: string; name?: string };
export type TServerRequest =
  | { type: 'capture'; url: string; headers?: Record<string, string> }
  | { type: 'replay'; statements: TStatement[]; connections: number; durationMs: number }
  | { type: 'explain'; statements: TStatement[] }
  | { type: 'session'; points?: number }
  | { type: 'loop'; action: 'start' | 'stop' }
  /** Counts every statement sent to PostgreSQL (transactions' too) between start and stop. */
  | { type: 'statements'; action: 'start' | 'stop' }
  | { type: 'close' };
export type TServerReply =
  | { type: 'ready'; port: number }
  | {
      type: 'captured';
      status: number;
      contentType: string;
      body: string;
      /** What the request sends when nothing is kept in memory (ADR 0018), and once kept. */
      statements: TStatement[];
      warmStatements: number;
      /** Bytes on the wire with Accept-Encoding: br and gzip, and the encodings answered. */
      brBytes: number;
      gzipBytes: number;
      encodings: string;
    }
  | { type: 'replayed'; stats: TLatencyStats }
  | { type: 'explained'; plans: string[] }
  | { type: 'session'; authorization: string }
  | { type: 'loop'; stats?: TLoopStats }
  | { type: 'statements'; count: number }
  | { type: 'error'; message: string };

/** The app's own event-loop delay and garbage-collection pauses over a window (ms). */
export type TLoopStats = {
  delayP50: number;
  delayP99: number;
  delayMax: number;
  gcPauses: number;
  gcTotal: number;
  gcMax: number;
  /** Time the main thread was busy (event-loop utilisation), not waiting for I/O. */
  busyMs: number;
  /** CPU time of the main thread alone (Linux: /proc), whatever else the machine runs. */
  cpuMs?: number;
};

/** User and system CPU time of the main thread, in ms (Linux only). */
function mainThreadCpuMs(): number | undefined {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/**
 * Watches the event loop from inside the app (the uploads bench): delays
 * between turns as the loop itself sees them, and every GC pause.
 */
function loopWatcher() {
  let histogram: IntervalHistogram | undefined;
  let observer: PerformanceObserver | undefined;
  let pauses: number[] = [];
  let utilisation: EventLoopUtilization | undefined;
  let cpuAtStart: number | undefined;
  return {
    start() {
      cpuAtStart = mainThreadCpuMs();
      utilisation = performance.eventLoopUtilization();
      histogram = monitorEventLoopDelay({ resolution: 1 });
      histogram.enable();
      pauses = [];
      observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) pauses.push(entry.duration);
      });
      observer.observe({ entryTypes: ['gc'] });
    },
    stop(): TLoopStats | undefined {
      if (!histogram) return undefined;
      histogram.disable();
      observer?.disconnect();
      const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
      const busy = performance.eventLoopUtilization(utilisation);
      const stats: TLoopStats = {
        delayP50: ms(histogram.percentile(50)),
        delayP99: ms(histogram.percentile(99)),
        delayMax: ms(histogram.max),
        gcPauses: pauses.length,
        gcTotal: Number(pauses.reduce((sum, pause) => sum + pause, 0).toFixed(1)),
        gcMax: Number(Math.max(0, ...pauses).toFixed(1)),
        busyMs: Math.round(busy.active),
      };
      const cpu = mainThreadCpuMs();
      if (cpu !== undefined && cpuAtStart !== undefined) stats.cpuMs = cpu - cpuAtStart;
      histogram = undefined;
      return stats;
    },
  };
}

type TQueryable = { query: (...args: unknown[]) => Promise<unknown> };

const send = (reply: TServerReply) => process.send?.(reply);

/**
 * Statements sent by every PostgreSQL connection of this process, pooled
 * queries and those inside transactions alike (BEGIN and COMMIT included):
 * the writes bench's statements per request.
 */
let statementCount: number | undefined;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (statementCount !== undefined) statementCount += 1;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function main() {
  const url = process.env.BENCH_DB_URL;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-bench-app-'));
  const database = await createDatabase(
    url ? { url } : { dataDir: process.env.BENCH_PGLITE_DIR ?? 'memory' },
  );
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // BENCH_RESPONSE_CACHE=0: the figures without answers from memory (ADR 0018).
    RESPONSE_CACHE: process.env.BENCH_RESPONSE_CACHE === '0' ? '0' : '1',
    // Several instances on one Redis (the burst bench): limits, live events, kept answers.
    ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
    // The admission gate's and the session check's settings, when set (ADR 0050).
    ...Object.fromEntries(
      ['ADMISSION_CONCURRENCY', 'ADMISSION_QUEUE', 'ADMISSION_WAIT_MS', 'SESSION_CACHE_MS'].flatMap(
        (name) => (process.env[name] ? [[name, process.env[name]]] : []),
      ),
    ),
  });
  // As main.ts: one engine registry for the API and the in-process AI workers,
  // on an engine pool of one thread per worker (PGlite: one worker).
  // BENCH_AI_WORKERS: none unless asked (the uploads bench asks for AI_WORKERS' default, 1).
  const aiWorkerCount = Math.min(
    database.kind === 'pglite' ? 1 : 8,
    Number(process.env.BENCH_AI_WORKERS ?? 0) || 0,
  );
  const aiEngines = createAiEngines(config, Math.max(1, aiWorkerCount));
  const aiWorkers: AiWorker[] = [];
  const storage = createStorage(config, systemClock);
  const app = await buildApp({
    config,
    database,
    storage,
    ai: {
      registry: aiEngines.registry,
      onQueued: () => {
        for (const worker of aiWorkers) worker.poke();
      },
    },
  });
  // The time an answer took inside the app, from routing to sending (the burst bench).
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-bench-app-ms', reply.elapsedTime.toFixed(1));
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (aiWorkerCount > 0) await aiEngines.warmUp();
  aiWorkers.push(
    ...startAiWorkers(aiWorkerCount, {
      queue: app.aiQueue,
      db: database.db,
      registry: aiEngines.registry,
      storage,
      kind: database.kind,
    }),
  );
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const client = (database.db as unknown as { $client: TQueryable }).$client;
  const query = client.query.bind(client);
  let recording: TStatement[] | undefined;
  client.query = (...args: unknown[]) => {
    const [first, params] = args;
    const { text, name } =
      typeof first === 'string' ? { text: first, name: undefined } : (first as TNamedQuery);
    // A term's matches are fetched beside a search, for the searches after it
    // (ADR 0038): not what this request waits for.
    if (name !== TERM_MATCHES_STATEMENT) {
      recording?.push({ text, params: (params as unknown[] | undefined) ?? [] });
    }
    return query(...args);
  };

  const loop = loopWatcher();
  process.on('message', async (request: TServerRequest) => {
    try {
      if (request.type === 'loop') {
        if (request.action === 'start') loop.start();
        send({ type: 'loop', stats: request.action === 'stop' ? loop.stop() : undefined });
      }
      if (request.type === 'statements') {
        const count = statementCount ?? 0;
        statementCount = request.action === 'start' ? 0 : undefined;
        send({ type: 'statements', count });
      }
      if (request.type === 'close') {
        await Promise.all(aiWorkers.map((worker) => worker.stop()));
        await app.close();
        await database.close();
        process.exit(0);
      }
      if (request.type === 'capture') {
        const get = (headers: Record<string, string> = {}) =>
          app.inject({
            method: 'GET',
            url: request.url,
            headers: { ...request.headers, ...headers },
          });
        // The first answer warms what the database side keeps (the feed's total, bookmarks).
        await get();
        // The SQL of a request nothing in memory answers: what a change costs, and the
        // 'database alone' column (ADR 0018, 0044: everything kept goes).
        app.keptAnswers.dropHere('all');
        recording = [];
        const res = await get();
        const statements = recording;
        recording = [];
        await get();
        const warmStatements = recording.length;
        recording = undefined;
        const br = await get({ 'accept-encoding': 'br' });
        const gzip = await get({ 'accept-encoding': 'gzip' });
        send({
          type: 'captured',
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
          statements,
          warmStatements,
          brBytes: br.rawPayload.length,
          gzipBytes: gzip.rawPayload.length,
          encodings: [br, gzip]
            .map((answer) => String(answer.headers['content-encoding'] ?? 'none'))
            .join('/'),
        });
      }
      if (request.type === 'explain') {
        const plans: string[] = [];
        for (const statement of request.statements) {
          const result = (await query(
            `explain (analyze, buffers) ${statement.text}`,
            statement.params,
          )) as { rows: Record<string, string>[] };
          plans.push(result.rows.map((row) => Object.values(row)[0]).join('\n'));
        }
        send({ type: 'explained', plans });
      }
      if (request.type === 'session') {
        // A fresh user signed in with the app's own keys (the uploads bench).
        const user = await createUser(database.db, { points: request.points ?? 0 });
        const session = await signIn({ db: database.db, config }, user.id);
        send({ type: 'session', authorization: session.headers.authorization });
      }
      if (request.type === 'replay') {
        send({ type: 'replayed', stats: await replay(query, request) });
      }
    } catch (error) {
      send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    }
  });
  send({ type: 'ready', port });
}

/** `connections` loops sending a request's statements one after another, for the duration. */
async function replay(
  query: (...args: unknown[]) => Promise<unknown>,
  request: Extract<TServerRequest, { type: 'replay' }>,
): Promise<TLatencyStats> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + request.durationMs;
  const worker = async () => {
    while (performance.now() < end) {
      const begun = performance.now();
      for (const statement of request.statements) await query(statement.text, statement.params);
      latencies.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: request.connections }, worker));
  return latencyStats(latencies, (performance.now() - started) / 1000);
}

main().catch((error: unknown) => {
  send({
    type: 'error',
    message: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  process.exit(1);
});
