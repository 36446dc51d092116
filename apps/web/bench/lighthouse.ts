/**
 * `npm run bench:web`: Lighthouse's mobile audit (simulated slow 4G, 4x CPU
 * slowdown) of every landing page (bench/pages.ts: the home, a work's page as a
 * visitor and signed in, /community, /aiCreate, a collection, a maker's profile,
 * search results where they have an address), three runs each, medians, and
 * each page's score against the home's of the same run. For the home, the
 * `first-cards` user-timing mark (the first row of work cards rendered) and its
 * distance to the LCP. It builds nothing: run `npm run build` first. The built
 * server starts on the embedded database with the demo content in a temporary
 * DATA_DIR, as the browser journeys do.
 *
 *   CHROME_PATH   Chromium to drive (default /usr/bin/chromium)
 *   RUNS          number of runs of each page (default 3)
 *   PAGES         pages to audit, by name (default all): home, work, work-signed-in,
 *                 community, aiCreate, collection, profile, search
 *   SEARCH_PATH   the address of a search result page (none exists today)
 *   BENCH_PATH    audit this one page instead (a visitor)
 *   LIGHTHOUSE_JSON  file to write the median run's full report to
 *   LIGHTHOUSE_TRACE prefix of the files each run's trace events go to
 *                 (`<prefix>-<run>.json`), to see which threads took the cores
 *   WEB_DIST_DIR  the built web app to serve (default apps/web/dist)
 *   BENCH_URL     audit a server that is already running instead of starting one
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { distReader, formatFirstLoad, HOME_BUDGET, measureFirstLoad } from '../build/first-load';
import { mainThreadBlocking, type TMainThreadBlocking, type TTraceEvent } from './main-thread.ts';
import { landingPages, registerReader, signInBrowser, type TPage } from './pages.ts';
import { formatSummary, type TPageSummary } from './summary.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
const WEB_DIST = path.resolve(
  process.env.WEB_DIST_DIR || path.join(REPO_ROOT, 'apps', 'web', 'dist'),
);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Math.max(1, Number(process.env.RUNS) || 3);
/** The home's user-timing mark of its first row of work cards (features/feed/first-cards.ts). */
const FIRST_CARDS_MARK = 'first-cards';

/** DESIGN 4's flags for a root container without GPU or display. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type TRun = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  requests: number;
  byType: Record<string, { bytes: number; requests: number }>;
  lcpElement: string;
  /** The LCP as this run saw it, unthrottled (Lighthouse's observed figure). */
  observedLcp: number;
  /** The first-cards mark as this run saw it (Lighthouse's user-timings audit), NaN without one. */
  firstCards: number;
  /** Lighthouse's measure of this machine's CPU speed: figures compare only at similar values. */
  benchmarkIndex: number;
  /** The page's own main-thread blocking after FCP, from wall and from CPU time (bench/main-thread.ts). */
  mainThread: TMainThreadBlocking | null;
  report: unknown;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const say = (line: string) => process.stdout.write(`${line}\n`);

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function startServer(): Promise<{
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}> {
  if (!existsSync(SERVER_ENTRY) || !existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error('The build is missing: run `npm run build` first.');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'layerline-bench-web-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_URL: baseUrl,
    WEB_DIST_DIR: WEB_DIST,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`${baseUrl}/healthz`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return { baseUrl, dataDir, stop };
    await sleep(250);
  }
  await stop();
  throw new Error(`The server did not become healthy.\n--- server output ---\n${output}`);
}

type TAudit = { numericValue?: number; details?: { items?: Record<string, unknown>[] } };

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is tried again. */
/** Before the audit, given the browser's debugging port: e.g. a session written into its storage. */
type TPrepare = ((port: number) => Promise<void>) | null;

async function audit(url: string, run: number, prepare: TPrepare, attempts = 3): Promise<TRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, run, prepare);
    } catch (error) {
      if (attempt >= attempts) throw error;
      say(`  (run failed, trying again: ${error instanceof Error ? error.message : error})`);
    }
  }
}

async function auditOnce(url: string, run: number, prepare: TPrepare): Promise<TRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    await prepare?.(chrome.port);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error' },
      {
        extends: 'lighthouse:default',
        // A busy 2-core machine can take longer than the defaults to paint at all.
        settings: {
          onlyCategories: ['performance'],
          maxWaitForFcp: 90_000,
          maxWaitForLoad: 120_000,
          // A signed-in run keeps the session prepare() wrote (the browser is new, its cache empty).
          disableStorageReset: prepare !== null,
        },
      },
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const audits = lhr.audits as Record<string, TAudit>;
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const byType: TRun['byType'] = {};
    for (const item of audits['resource-summary']?.details?.items ?? []) {
      byType[String(item.resourceType)] = {
        bytes: Number(item.transferSize),
        requests: Number(item.requestCount),
      };
    }
    const observed = audits.metrics?.details?.items?.[0] as
      | { observedFirstContentfulPaintTs?: number; observedLargestContentfulPaint?: number }
      | undefined;
    const firstCards = (audits['user-timings']?.details?.items ?? []).find(
      (item) => item.name === FIRST_CARDS_MARK,
    ) as { startTime?: number } | undefined;
    const traceEvents = (result.artifacts?.Trace?.traceEvents ?? []) as TTraceEvent[];
    if (process.env.LIGHTHOUSE_TRACE) {
      writeFileSync(`${process.env.LIGHTHOUSE_TRACE}-${run}.json`, JSON.stringify(traceEvents));
    }
    const mainThread =
      observed?.observedFirstContentfulPaintTs === undefined
        ? null
        : mainThreadBlocking(traceEvents, url, observed.observedFirstContentfulPaintTs);
    const lcpNode = (audits['lcp-breakdown-insight']?.details?.items ?? []).find(
      (item) => item.type === 'node',
    ) as { snippet?: string } | undefined;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      si: value('speed-index'),
      bytes: value('total-byte-weight'),
      requests: byType.total?.requests ?? 0,
      byType,
      lcpElement: lcpNode?.snippet ?? '',
      observedLcp: observed?.observedLargestContentfulPaint ?? Number.NaN,
      firstCards: firstCards?.startTime ?? Number.NaN,
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? 0),
      mainThread,
      report: lhr,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

function describe(run: TRun): string {
  const own = run.mainThread
    ? `  (after FCP, x4: ${Math.round(run.mainThread.fromWall)} ms from wall, ${Math.round(run.mainThread.fromCpu)} ms from CPU time)`
    : '';
  return `score ${run.score}  FCP ${sec(run.fcp)}  LCP ${sec(run.lcp)}  TBT ${Math.round(run.tbt)} ms  CLS ${run.cls.toFixed(3)}  ${kib(run.bytes)} in ${run.requests} requests${own}`;
}

async function main() {
  if (!existsSync(CHROME_PATH)) {
    throw new Error(
      `No Chromium at ${CHROME_PATH}: apt-get install -y chromium, or set CHROME_PATH`,
    );
  }
  const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
  say(formatFirstLoad(measureFirstLoad(html, distReader(WEB_DIST)), HOME_BUDGET));
  say('');

  const server = process.env.BENCH_URL
    ? { baseUrl: process.env.BENCH_URL.replace(/\/$/, ''), dataDir: '', stop: async () => {} }
    : await startServer();
  try {
    const only = process.env.PAGES ? process.env.PAGES.split(',').map((name) => name.trim()) : null;
    const { pages, notes } = process.env.BENCH_PATH
      ? { pages: [{ name: process.env.BENCH_PATH, path: process.env.BENCH_PATH }], notes: [] }
      : await landingPages(server.baseUrl, only, process.env.SEARCH_PATH);
    // Warm the server (first queries, file caches) so run 1 is not the odd one out.
    await fetch(`${server.baseUrl}/api/v1/works/home`).then((response) => response.arrayBuffer());
    const summaries: TPageSummary[] = [];
    for (const page of pages) {
      const runs = await auditPage(server, page);
      if (runs) summaries.push(summarise(page, runs));
    }
    say('');
    say(formatSummary(summaries));
    for (const note of notes) say(`  not audited: ${note}`);
  } finally {
    await server.stop();
  }
}

async function auditPage(
  server: { baseUrl: string; dataDir: string },
  page: TPage,
): Promise<TRun[] | null> {
  const url = `${server.baseUrl}${page.path}`;
  if (page.isSignedIn && !server.dataDir) {
    say(`${page.name}: needs the bench's own server (its mail outbox) to sign in; not audited`);
    return null;
  }
  await fetch(url).then((response) => response.arrayBuffer());
  say('');
  say(`${page.name} (${page.path}${page.isSignedIn ? ', signed in' : ''}):`);
  const runs: TRun[] = [];
  for (let index = 0; index < RUNS; index += 1) {
    // A new reader for each run: its session is fresh, and no run reuses another's tokens.
    const prepare: TPrepare = page.isSignedIn
      ? async (port) => {
          const session = await registerReader(server.baseUrl, server.dataDir);
          await signInBrowser(port, server.baseUrl, session);
        }
      : null;
    const run = await audit(url, index + 1, prepare);
    runs.push(run);
    say(`run ${index + 1}: ${describe(run)}`);
  }
  const medianRun = [...runs].sort((a, b) => a.score - b.score)[Math.floor(runs.length / 2)];
  say(`Lighthouse mobile, ${page.path}, ${runs.length} runs, median of each figure:`);
  say(`  score  ${median(runs.map((run) => run.score))}`);
  say(`  FCP    ${sec(median(runs.map((run) => run.fcp)))}`);
  say(`  LCP    ${sec(median(runs.map((run) => run.lcp)))}`);
  say(`  TBT    ${Math.round(median(runs.map((run) => run.tbt)))} ms`);
  const threads = runs.flatMap((run) => (run.mainThread ? [run.mainThread] : []));
  if (threads.length > 0) {
    // Lighthouse multiplies wall time, which on a busy machine holds time the
    // thread waited for a core; the CPU-time figure is the page's own work.
    say(
      `         main thread after FCP, each task x4 past 50 ms: ${Math.round(median(threads.map((t) => t.fromWall)))} ms from wall time, ${Math.round(median(threads.map((t) => t.fromCpu)))} ms from CPU time`,
    );
  }
  say(`  CLS    ${median(runs.map((run) => run.cls)).toFixed(3)}`);
  say(`  SI     ${sec(median(runs.map((run) => run.si)))}`);
  say(
    `  CPU    benchmark index ${median(runs.map((run) => run.benchmarkIndex))} (higher is faster)`,
  );
  say(
    `  bytes  ${kib(median(runs.map((run) => run.bytes)))} in ${median(runs.map((run) => run.requests))} requests`,
  );
  const marked = runs.filter((run) => Number.isFinite(run.firstCards));
  if (marked.length > 0) {
    // Both as the run saw them, unthrottled: Lighthouse simulates its metrics
    // (LCP above) but reports user timings as they happened.
    say(
      `  cards  ${FIRST_CARDS_MARK} mark ${sec(median(marked.map((run) => run.firstCards)))}, ${Math.round(median(marked.map((run) => run.firstCards - run.observedLcp)))} ms after the observed LCP (${sec(median(marked.map((run) => run.observedLcp)))}), ${marked.length} of ${runs.length} runs`,
    );
  }
  if (medianRun) {
    const types = Object.entries(medianRun.byType)
      .filter(([type, figures]) => type !== 'total' && figures.requests > 0)
      .map(([type, figures]) => `${type} ${kib(figures.bytes)}/${figures.requests}`)
      .join(', ');
    say(`  median run by type: ${types}`);
    say(`  median run LCP element: ${medianRun.lcpElement.slice(0, 200)}`);
    if (process.env.LIGHTHOUSE_JSON) {
      const file = jsonFileOf(process.env.LIGHTHOUSE_JSON, page.name);
      writeFileSync(file, JSON.stringify(medianRun.report, null, 1));
    }
  }
  return runs;
}

/** The median report's file: LIGHTHOUSE_JSON for the home, with the page's name before its extension for others. */
function jsonFileOf(file: string, page: string): string {
  if (page === 'home') return file;
  const extension = path.extname(file);
  return `${file.slice(0, file.length - extension.length)}-${page.replace(/[^\w-]/g, '_')}${extension}`;
}

function summarise(page: TPage, runs: TRun[]): TPageSummary {
  const of = (pick: (run: TRun) => number) => median(runs.map(pick));
  const script = (run: TRun) => run.byType.script ?? { bytes: 0, requests: 0 };
  const marked = runs.filter((run) => Number.isFinite(run.firstCards));
  return {
    name: page.name,
    path: page.path,
    isSignedIn: page.isSignedIn === true,
    runs: runs.length,
    score: of((run) => run.score),
    lcp: of((run) => run.lcp),
    tbt: of((run) => run.tbt),
    bytes: of((run) => run.bytes),
    requests: of((run) => run.requests),
    scriptBytes: of((run) => script(run).bytes),
    scriptRequests: of((run) => script(run).requests),
    benchmarkIndex: of((run) => run.benchmarkIndex),
    firstCards: marked.length > 0 ? median(marked.map((run) => run.firstCards)) : Number.NaN,
    firstCardsAfterLcp:
      marked.length > 0
        ? median(marked.map((run) => run.firstCards - run.observedLcp))
        : Number.NaN,
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
