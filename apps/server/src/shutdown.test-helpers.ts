import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, where `node --import tsx src/main.ts` runs. */
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KEPT_OUTPUT = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export type TProcess = {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
};

/** `src/main.ts` or `src/worker.ts` in a process of its own, as `npm run dev` runs it. */
export function startProcess(entry: 'main' | 'worker', env: Record<string, string>): TProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', `src/${entry}.ts`], {
    cwd: SERVER_ROOT,
    // Only what the test gives: nothing of the test run's own environment.
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

export type TAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** One request over node:http; `agent: false` (the default here) is a connection of its own. */
export function request(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: http.Agent | false;
  } = {},
): Promise<TAnswer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: options.method ?? 'GET',
      agent: options.agent ?? false,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...options.headers,
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
      );
      res.on('error', reject);
    });
    req.end(body);
  });
}

/** Waits until the process answers /healthz with 200, failing with its output if it exits. */
export async function waitHealthy(url: string, proc: TProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(`exited with ${proc.child.exitCode} before /healthz:\n${proc.output()}`);
    }
    const answer = await request(`${url}/healthz`).catch(() => undefined);
    if (answer?.status === 200) return;
    await sleep(200);
  }
  throw new Error(`${url}/healthz did not answer 200:\n${proc.output()}`);
}

/** Resolves once nothing listens on the port any more (a connection is refused). */
export async function waitRefused(port: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'ECONNREFUSED'),
      );
    });
    if (refused) return;
    await sleep(50);
  }
  throw new Error(`port ${port} still takes connections`);
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export type TBalancer = {
  url: string;
  /** Answers each upstream gave. */
  served: number[];
  /** Requests the balancer could not place (it answered 502). */
  failures: string[];
  close(): Promise<void>;
};

/**
 * A load balancer as OPERATIONS.md describes one in front of the servers:
 * keep-alive connections to each, the first upstream in the list taken
 * while it takes connections; a refused connection (nothing was sent) goes
 * to the next upstream, whatever the method, and marks the refusing one
 * down (its idle connections closed); another connection failure is tried
 * on the next upstream only for an idempotent method, as nginx's
 * proxy_next_upstream does, and is a 502 otherwise.
 */
export async function startBalancer(upstreams: string[]): Promise<TBalancer> {
  const agents = upstreams.map(() => new http.Agent({ keepAlive: true, scheduling: 'lifo' }));
  const down = new Set<number>();
  const served = upstreams.map(() => 0);
  const failures: string[] = [];
  const markDown = (i: number) => {
    if (down.has(i)) return;
    down.add(i);
    for (const sockets of Object.values(agents[i]?.freeSockets ?? {})) {
      for (const socket of sockets ?? []) socket.destroy();
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const tried = new Set<number>();
      const forward = () => {
        const i = upstreams.findIndex((_, n) => !down.has(n) && !tried.has(n));
        if (i === -1) {
          failures.push(`${req.method} ${req.url}: no upstream left`);
          res.writeHead(502).end();
          return;
        }
        tried.add(i);
        const target = new URL(req.url ?? '/', upstreams[i]);
        const up = http.request(target, {
          method: req.method,
          agent: agents[i],
          headers: { ...req.headers, host: target.host, connection: 'keep-alive' },
        });
        up.on('response', (answer) => {
          served[i] = (served[i] ?? 0) + 1;
          const headers = Object.fromEntries(
            Object.entries(answer.headers).filter(([name]) => !HOP_HEADERS.has(name)),
          );
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
        });
        up.on('error', (error: NodeJS.ErrnoException) => {
          if (res.headersSent) {
            res.destroy();
            return;
          }
          if (error.code === 'ECONNREFUSED') {
            markDown(i);
            forward();
          } else if (IDEMPOTENT.has(req.method ?? '')) {
            forward();
          } else {
            failures.push(`${req.method} ${req.url}: ${error.code ?? error.message}`);
            res.writeHead(502).end();
          }
        });
        up.end(body);
      };
      forward();
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    failures,
    close: async () => {
      for (const agent of agents) agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type TCall = { method: string; path: string; status: number; attempts: string[] };

/**
 * A call as the web's API client makes it (SPEC 7): a network failure or a
 * 5xx is retried 2 times after 500 and 750 ms, for GET, PUT and DELETE
 * only; a POST is never retried (the server may have applied it). Every
 * attempt's outcome is recorded.
 */
export async function spec7Call(
  agent: http.Agent,
  url: string,
  options: { method: string; headers: Record<string, string>; body?: unknown },
): Promise<TCall> {
  const delays = IDEMPOTENT.has(options.method) ? [500, 750] : [];
  const call: TCall = {
    method: options.method,
    path: new URL(url).pathname,
    status: 0,
    attempts: [],
  };
  for (let attempt = 0; ; attempt++) {
    try {
      const answer = await request(url, { ...options, agent });
      call.status = answer.status;
      call.attempts.push(String(answer.status));
      if (answer.status < 500) return call;
    } catch (error) {
      call.attempts.push((error as NodeJS.ErrnoException).code ?? String(error));
    }
    const delay = delays[attempt];
    if (delay === undefined) return call;
    await sleep(delay);
  }
}

export type TSseReader = { text(): string; ended: Promise<void>; connected: Promise<void> };

/** Reads a Server-Sent Events stream as raw text over a connection of its own. */
export function readSse(url: string): TSseReader {
  let text = '';
  let connect: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    connect = resolve;
  });
  const ended = new Promise<void>((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream' } });
    req.on('error', reject);
    req.on('response', (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('data: ')) connect();
      });
      res.on('end', () => resolve());
      res.on('error', reject);
    });
  });
  return { text: () => text, ended, connected };
}

/**
 * A chat-completions provider whose first call hangs until its caller gives
 * up, and whose later calls answer at once.
 */
export async function startHeldChatProvider() {
  const calls: Array<{ aborted: boolean }> = [];
  const server = http.createServer((req, res) => {
    const call = { aborted: false };
    calls.push(call);
    req.resume();
    if (calls.length === 1) {
      res.on('close', () => {
        call.aborted = !res.writableEnded;
      });
      return;
    }
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          choices: [{ message: { content: 'a desk lamp, clean line art' }, finish_reason: 'stop' }],
        }),
      );
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    calls,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
