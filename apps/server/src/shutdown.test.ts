import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type TDatabaseHandle } from './db/client';
import { runMigrations } from './db/migrate';
import { aiJobs } from './db/schema';
import {
  freePort,
  readSse,
  request,
  spec7Call,
  startBalancer,
  startHeldChatProvider,
  startProcess,
  type TCall,
  type TProcess,
  waitHealthy,
  waitRefused,
} from './shutdown.test-helpers';
import { signIn } from './test/auth-helpers';
import { createUser } from './test/factories';
import { withTicket } from './test/sse-client';
import { testConfig } from './test/test-app';
import { testDbKind } from './test/test-database';

/**
 * ADR 0054, as a rolling deploy does it: instance A serves a steady load
 * through a load balancer, an open live stream and a running AI job; B (and
 * an AI worker process) join on the same PostgreSQL; A gets SIGTERM. Every
 * state waited for is one a client or operator sees, never a time.
 * PostgreSQL only: the embedded database belongs to one process, so it has
 * no second instance to take over (OPERATIONS.md).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const dbName = `layerline_shutdown_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';
let handle: TDatabaseHandle;
let dataDir: string;
const processes: TProcess[] = [];

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (testDbKind() !== 'postgres' || !serverUrl) return;
  await admin(`create database "${dbName}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
  handle = await createDatabase({ url: databaseUrl });
  await runMigrations(handle);
  dataDir = await mkdtemp(path.join(tmpdir(), 'layerline-shutdown-'));
});

afterAll(async () => {
  for (const proc of processes) proc.child.kill('SIGKILL');
  await handle?.close();
  if (databaseUrl) await admin(`drop database if exists "${dbName}" with (force)`);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const until = async (check: () => boolean | Promise<boolean>, what: string, ms = 60_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited in vain for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe.skipIf(testDbKind() !== 'postgres')('graceful shutdown under load (ADR 0054)', () => {
  it('loses no request, hints the live stream to reconnect, hands the AI job on, exits 0', async () => {
    const provider = await startHeldChatProvider();
    const env = (port: number, extra: Record<string, string> = {}) => ({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      AI_CHAT_BASE_URL: provider.baseUrl,
      AI_CHAT_API_KEY: 'test-key',
      // Never reached here: every connection closes within the test.
      SHUTDOWN_GRACE_MS: '60000',
      ...extra,
    });
    const [portA, portB] = [await freePort(), await freePort()];
    const urlA = `http://127.0.0.1:${portA}`;
    const urlB = `http://127.0.0.1:${portB}`;
    const a = startProcess('main', env(portA));
    processes.push(a);
    await waitHealthy(urlA, a);

    const me = await createUser(handle.db, { role: 'moderator' });
    const { access_token: token } = await signIn(
      { db: handle.db, config: testConfig(dataDir) },
      me.id,
      { role: 'moderator' },
    );
    const auth = { authorization: `Bearer ${token}` };

    // A's AI worker leases a job: its provider call hangs.
    const created = await request(`${urlA}/api/v1/ai/jobs`, {
      method: 'POST',
      headers: auth,
      body: { kind: 'prompt_optimize', params: { prompt: 'a desk lamp', machine: 'laser' } },
    });
    expect(created.status).toBe(200);
    const jobId = Number(JSON.parse(created.body).data.id);
    await until(() => provider.calls.length === 1, "A's worker calling the provider");

    // B joins with no worker of its own; `npm run worker` is the other worker.
    const b = startProcess('main', env(portB, { AI_WORKERS: '0' }));
    const worker = startProcess('worker', env(await freePort()));
    processes.push(b, worker);
    await waitHealthy(urlB, b);

    const stream = readSse(await withTicket(`${urlA}/api/v1/notify/stream`, token));
    await stream.connected;
    // Connections A already took: one for readiness, one for a request still being sent.
    const probe = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await request(`${urlA}/healthz`, { agent: probe })).status).toBe(200);
    const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await request(`${urlA}/healthz`, { agent: slowAgent })).status).toBe(200);

    const balancer = await startBalancer([urlA, urlB]);
    const calls: TCall[] = [];
    let isLoading = true;
    const loadAgent = new http.Agent({ keepAlive: true });
    const mix = [
      { method: 'GET', path: '/api/v1/notify/unread' },
      {
        method: 'POST',
        path: '/api/v1/notify/sys_msg',
        body: { user_id: me.id, title: 'Hi', content: 'Load' },
      },
      { method: 'GET', path: '/api/v1/material/list' },
      { method: 'PUT', path: '/api/v1/notify/read', body: {} },
      { method: 'GET', path: '/api/v1/user/getinfo' },
    ];
    const loop = async (offset: number) => {
      for (let n = offset; isLoading; n++) {
        const step = mix[n % mix.length] as (typeof mix)[number];
        calls.push(
          await spec7Call(loadAgent, `${balancer.url}${step.path}`, {
            method: step.method,
            headers: { ...auth, 'content-language': 'en' },
            body: step.body,
          }),
        );
      }
    };
    const loops = [0, 1, 2, 3].map(loop);
    await until(() => (balancer.served[0] ?? 0) >= 40, 'A serving the load');

    const slowBody = JSON.stringify({
      user_id: me.id,
      title: 'In flight',
      content: 'Sent in two parts',
    });
    const half = Math.floor(slowBody.length / 2);
    let slowRest = () => {};
    const slow = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request(`${urlA}/api/v1/notify/sys_msg`, {
        method: 'POST',
        agent: slowAgent,
        headers: {
          ...auth,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(slowBody),
        },
      });
      req.on('error', reject);
      req.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }),
        );
      });
      req.write(slowBody.slice(0, half));
      slowRest = () => req.end(slowBody.slice(half));
    });

    a.child.kill('SIGTERM');
    await waitRefused(portA);
    // Readiness says so at once, on a connection A already had.
    const ready = await request(`${urlA}/healthz`, { agent: probe });
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body).data).toEqual({ status: 'draining', database: 'ok' });
    expect(ready.headers.connection).toBe('close');
    // The request in flight is finished.
    slowRest();
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    // The live stream got its reconnect hint and ended.
    await stream.ended;
    expect(stream.text()).toMatch(
      /event: reconnect\nretry: \d+\ndata: \{"reason":"shutdown"\}\n\n$/,
    );

    expect(await a.exited, a.output()).toEqual({ code: 0, signal: null });
    const servedByB = balancer.served[1] ?? 0;
    await until(() => (balancer.served[1] ?? 0) >= servedByB + 40, 'B serving the load');
    isLoading = false;
    await Promise.all(loops);

    // The job went back to the queue and the worker process finished it.
    await until(async () => {
      const [row] = await handle.db.select().from(aiJobs).where(eq(aiJobs.id, jobId));
      return row?.state === 'succeeded';
    }, 'the job to succeed elsewhere');
    const [job] = await handle.db.select().from(aiJobs).where(eq(aiJobs.id, jobId));
    expect(job).toMatchObject({ attempts: 1, resultText: 'a desk lamp, clean line art' });
    expect(job?.workerId).toContain(`:${worker.child.pid}:`);
    expect(provider.calls).toHaveLength(2);
    expect(provider.calls[0]?.aborted).toBe(true);

    // No failed request but the ones SPEC 7's client retries, and those retried to success.
    expect(balancer.failures).toEqual([]);
    expect(calls.length).toBeGreaterThan(100);
    const failed = calls.filter((call) => call.status < 200 || call.status >= 300);
    expect(failed).toEqual([]);
    const retried = calls.filter((call) => call.attempts.length > 1);
    expect(retried.every((call) => call.method !== 'POST')).toBe(true);

    // The balancer lets go of its idle connections to B first, as one does for an instance it drains.
    await balancer.close();
    worker.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect(await worker.exited, worker.output()).toEqual({ code: 0, signal: null });
    expect(await b.exited, b.output()).toEqual({ code: 0, signal: null });
    await provider.close();
    probe.destroy();
    slowAgent.destroy();
    loadAgent.destroy();
  }, 240_000);
});
