import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
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
export type TServerRequest =
  | { type: 'capture'; url: string }
  | { type: 'replay'; statements: TStatement[]; connections: number; durationMs: number }
  | { type: 'explain'; statements: TStatement[] }
  | { type: 'session' }
  | { type: 'close' };
export type TServerReply =
  | { type: 'ready'; port: number }
  | {
      type: 'captured';
      status: number;
      contentType: string;
      body: string;
      statements: TStatement[];
    }
  | { type: 'replayed'; stats: TLatencyStats }
  | { type: 'explained'; plans: string[] }
  | { type: 'session'; authorization: string }
  | { type: 'error'; message: string };

type TQueryable = { query: (...args: unknown[]) => Promise<unknown> };

const send = (reply: TServerReply) => process.send?.(reply);

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
  });
  const app = await buildApp({ config, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const client = (database.db as unknown as { $client: TQueryable }).$client;
  const query = client.query.bind(client);
  let recording: TStatement[] | undefined;
  client.query = (...args: unknown[]) => {
    const [first, params] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    recording?.push({ text, params: (params as unknown[] | undefined) ?? [] });
    return query(...args);
  };

  process.on('message', async (request: TServerRequest) => {
    try {
      if (request.type === 'close') {
        await app.close();
        await database.close();
        process.exit(0);
      }
      if (request.type === 'capture') {
        // The first answer warms caches (the feed's total); the second is the steady state.
        await app.inject({ method: 'GET', url: request.url });
        recording = [];
        const res = await app.inject({ method: 'GET', url: request.url });
        const statements = recording;
        recording = undefined;
        send({
          type: 'captured',
          status: res.statusCode,
          contentType: String(res.headers['content-type'] ?? ''),
          body: res.body,
          statements,
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
        const user = await createUser(database.db);
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
