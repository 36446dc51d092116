import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { TServerReply, TServerRequest } from './bench-server';
import type { TRawReply, TRawRequest } from './raw-server';
import type { TLatencyStats } from './stats';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A child process speaking JSON messages: each request waits for the next reply. */
export class Child<TRequest, TReply extends { type: string }> {
  private readonly process: ChildProcess;
  private readonly replies: TReply[] = [];
  private waiting: { resolve: (reply: TReply) => void; reject: (error: Error) => void } | undefined;
  private exitCode: number | null | undefined;

  constructor(file: string, env: Record<string, string>) {
    const profile = process.env.BENCH_CPU_PROF;
    this.process = fork(path.join(here, file), {
      // BENCH_CPU_PROF=dir: a V8 CPU profile of the app process, to open in Chrome's DevTools.
      execArgv: [
        '--import',
        'tsx',
        ...(profile && file === 'bench-server.ts'
          ? ['--cpu-prof', `--cpu-prof-dir=${profile}`]
          : []),
      ],
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.process.on('message', (reply: TReply) => {
      const waiter = this.waiting;
      this.waiting = undefined;
      if (waiter) waiter.resolve(reply);
      else this.replies.push(reply);
    });
    this.process.on('exit', (code) => {
      this.exitCode = code;
      this.waiting?.reject(new Error(`${file} exited with ${code}`));
      this.waiting = undefined;
    });
  }

  next(): Promise<TReply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.exitCode !== undefined) return Promise.reject(new Error('child has exited'));
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  async ask(request: TRequest): Promise<TReply> {
    this.process.send(request as object);
    return this.next();
  }

  async close(request: TRequest): Promise<void> {
    if (this.exitCode !== undefined) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.send(request as object);
    await exited;
  }
}

export type TAppChild = Child<TServerRequest, TServerReply>;
export type TRawChild = Child<TRawRequest, TRawReply>;

export async function startApp(
  env: Record<string, string>,
): Promise<{ child: TAppChild; port: number }> {
  const child: TAppChild = new Child('bench-server.ts', env);
  const reply = await child.next();
  if (reply.type !== 'ready') throw new Error(`app did not start: ${JSON.stringify(reply)}`);
  return { child, port: reply.port };
}

export async function startRaw(): Promise<{ child: TRawChild; port: number }> {
  const child: TRawChild = new Child('raw-server.ts', {});
  const reply = await child.next();
  if (reply.type !== 'ready') throw new Error('raw server did not start');
  return { child, port: reply.port };
}

export type TLoadResult = TLatencyStats & { non2xx: number; errors: number };

/** autocannon against `url` for `seconds` (or `amount` requests), with `connections` kept busy. */
export async function load(
  url: string,
  connections: number,
  seconds: number,
  options: { headers?: Record<string, string>; paths?: () => string; amount?: number } = {},
): Promise<TLoadResult> {
  const { paths, amount } = options;
  // autocannon fills its defaults by spreading: an option set to undefined would replace one.
  const started = performance.now();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    // autocannon ends a run on its sampling tick: every 100 ms instead of every
    // second, or a fixed-count run's wall-clock rate is rounded to whole seconds.
    ...(amount ? { amount, sampleInt: 100 } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    // A new path for every request when asked (searches no cache has seen).
    ...(paths
      ? { requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }] }
      : {}),
  });
  return {
    requests: result.requests.total,
    // A run of `amount` requests ends within a sampling tick, which a per-tick
    // average would count as a whole one.
    rps: amount
      ? (result.requests.total * 1000) / (performance.now() - started)
      : result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
