import http from 'node:http';
import { multipartBody } from '../src/test/uploads';
import type { TLoopStats } from './bench-server';
import { startApp, type TAppChild } from './processes';
import { latencyStats, type TLatencyStats } from './stats';

/**
 * `npm run bench -- --uploads` (ADR 0008): the app in its own process, 8
 * concurrent uploads of a 39 MB SVG of 495,000 <rect> elements, and /healthz
 * sampled one request after another meanwhile. The target is /healthz p99
 * under 50 ms while the uploads run. BENCH_UPLOADS and BENCH_UPLOAD_RECTS
 * change the load.
 */
const TARGET_P99_MS = 50;
const env = process.env;
const int = (name: string, fallback: number) => {
  const value = Number(env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const say = (line: string) => process.stdout.write(`${line}\n`);

/** About 80 bytes a rect: 495,000 of them make the audited 39 MB file. */
function bigSvg(rects: number): Buffer {
  const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10000 10000">'];
  for (let i = 0; i < rects; i += 1) {
    parts.push(
      `<rect x="${i % 9973}" y="${(i * 7) % 9967}" width="12" height="34" fill="#a0b0c0" stroke="#102030"/>`,
    );
  }
  parts.push('</svg>');
  return Buffer.from(parts.join(''));
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function healthz(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}

/** /healthz one after another (10 ms apart) until `until` settles. */
async function sample(port: number, until: Promise<unknown>, seconds?: number) {
  const latencies: number[] = [];
  let isDone = false;
  void until.finally(() => {
    isDone = true;
  });
  const started = performance.now();
  const end = seconds ? started + seconds * 1000 : Number.POSITIVE_INFINITY;
  while (!isDone && performance.now() < end) {
    latencies.push(await healthz(port));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencyStats(latencies, (performance.now() - started) / 1000);
}

function upload(
  port: number,
  authorization: string,
  form: Awaited<ReturnType<typeof multipartBody>>,
) {
  return new Promise<{ status: number; ms: number; msg: string }>((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/resource/upload',
        headers: {
          authorization,
          ...form.headers,
          'content-length': form.payload.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { msg?: string };
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - started,
            msg: json.msg ?? '',
          });
        });
      },
    );
    req.on('error', reject);
    req.end(form.payload);
  });
}

const row = (label: string, stats: TLatencyStats) =>
  `${label.padEnd(34)} ${String(stats.requests).padStart(6)} ${stats.p50.toFixed(1).padStart(8)} ${stats.p99.toFixed(1).padStart(8)} ${stats.max.toFixed(1).padStart(8)}   ${stats.p99 < TARGET_P99_MS ? 'ok' : 'OVER'} (p99 < ${TARGET_P99_MS} ms)`;

/**
 * /healthz sampled while `count` uploads of an SVG of `rects` rects run on the
 * app in `child` (the main bench's row, ADR 0008: p99 under 50 ms).
 */
export async function healthzDuringUploads(
  child: TAppChild,
  port: number,
  count: number,
  rects: number,
): Promise<{ stats: TLatencyStats; megabytes: number; statuses: number[] }> {
  const svg = bigSvg(rects);
  const form = await multipartBody({ kind: 'design' }, [
    { data: svg, name: 'big.svg', type: 'image/svg+xml' },
  ]);
  const session = await child.ask({ type: 'session' });
  if (session.type !== 'session') throw new Error(JSON.stringify(session));
  const uploads = Promise.all(
    Array.from({ length: count }, () => upload(port, session.authorization, form)),
  );
  const stats = await sample(port, uploads);
  const statuses = (await uploads).map((result) => result.status);
  return { stats, megabytes: svg.length / 1024 / 1024, statuses };
}

export const UPLOAD_P99_TARGET_MS = TARGET_P99_MS;

export async function benchUploads(): Promise<void> {
  const count = int('BENCH_UPLOADS', 8);
  const rects = int('BENCH_UPLOAD_RECTS', 495_000);
  const svg = bigSvg(rects);
  const form = await multipartBody({ kind: 'design' }, [
    { data: svg, name: 'big.svg', type: 'image/svg+xml' },
  ]);
  say(`uploads: ${count} × SVG of ${rects} rects, ${(svg.length / 1024 / 1024).toFixed(1)} MB`);
  const { child, port } = await startApp({ BENCH_PGLITE_DIR: env.BENCH_PGLITE_DIR ?? 'memory' });
  try {
    const session = await child.ask({ type: 'session' });
    if (session.type !== 'session') throw new Error(JSON.stringify(session));
    say(
      `${'/healthz'.padEnd(34)} ${'n'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`,
    );
    const watched = async (label: string, measure: () => Promise<TLatencyStats>) => {
      await child.ask({ type: 'loop', action: 'start' });
      say(row(label, await measure()));
      const loop = await child.ask({ type: 'loop', action: 'stop' });
      if (loop.type === 'loop' && loop.stats) loops.push([label, loop.stats]);
    };
    const loops: [string, TLoopStats][] = [];
    await watched('idle', () => sample(port, new Promise(() => {}), 3));
    const uploads = Promise.all(
      Array.from({ length: count }, () => upload(port, session.authorization, form)),
    );
    await watched(`during ${count} uploads`, () => sample(port, uploads));
    for (const result of await uploads) {
      say(`  upload: ${result.status} in ${(result.ms / 1000).toFixed(1)} s ${result.msg}`);
    }
    // The app's own view: how late its event loop turned, and its GC pauses.
    say(
      `${'app event loop (ms)'.padEnd(34)} ${'delay p50'.padStart(9)} ${'p99'.padStart(6)} ${'max'.padStart(6)} ${'busy'.padStart(7)} ${'CPU'.padStart(6)} ${'GCs'.padStart(5)} ${'GC total'.padStart(8)} ${'GC max'.padStart(6)}`,
    );
    for (const [label, loop] of loops) {
      say(
        `${label.padEnd(34)} ${loop.delayP50.toFixed(1).padStart(9)} ${loop.delayP99.toFixed(1).padStart(6)} ${loop.delayMax.toFixed(1).padStart(6)} ${String(loop.busyMs).padStart(7)} ${String(loop.cpuMs ?? '-').padStart(6)} ${String(loop.gcPauses).padStart(5)} ${loop.gcTotal.toFixed(0).padStart(8)} ${loop.gcMax.toFixed(1).padStart(6)}`,
      );
    }
  } finally {
    agent.destroy();
    await child.close({ type: 'close' });
  }
}
