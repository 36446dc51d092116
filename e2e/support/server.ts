import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ARTIFACTS_DIR } from './screenshots';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
export const SERVER_LOG = join(ARTIFACTS_DIR, 'server.log');

const HEALTH_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 10_000;
/** Enough of the server's output to explain a failed start, without flooding the report. */
const KEPT_OUTPUT_CHARS = 20_000;

/**
 * Every captcha's answer while the e2e server runs (AUTH_TEST_CAPTCHA; the
 * server refuses it with NODE_ENV=production).
 */
export const E2E_CAPTCHA = 'e2e7';
/**
 * The admin the e2e server creates at start (ADMIN_EMAIL / ADMIN_PASSWORD),
 * so the moderation journey needs no registration.
 */
export const E2E_ADMIN = { email: 'admin@e2e.layerline.test', password: 'E2e-admin-Console-7' };
/** The daily points allowance of the e2e server (the default is 20). */
export const E2E_DAILY_POINTS = 40;

export interface IStartServerOptions {
  /** Variables on top of the journeys' (e.g. S3_* for files in an object store). */
  env?: Record<string, string>;
  /** The server's output file under e2e/artifacts (default server.log). */
  logName?: string;
  /** The embedded database even when E2E_DATABASE_URL is set (a second server needs its own). */
  embedded?: boolean;
  /** This port instead of a free one (a new server in the place of one that stopped). */
  port?: number;
  /** This data directory, kept when the server stops, instead of a fresh one. */
  dataDir?: string;
}

export interface IRunningServer {
  baseUrl: string;
  /** The server's DATA_DIR; without SMTP_URL its mail lands in mail/outbox.jsonl there. */
  dataDir: string;
  stop: () => Promise<void>;
}

/** A port nothing listens on now, on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

const waitForExit = (child: ChildProcess, ms: number): Promise<boolean> =>
  new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done(true);
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });

/**
 * Starts the built server (what `npm run serve` runs) on a free port with a
 * fresh data directory, so every run begins from the seeded demo data alone.
 */
export const startServer = async (options: IStartServerOptions = {}): Promise<IRunningServer> => {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(
      `${SERVER_ENTRY} is missing: run \`npm run build\` first (npm run test:e2e does).`,
    );
  }
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'layerline-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    PRODUCT_TITLE: 'Layerline',
    NODE_ENV: 'test',
    // Journeys that log in type this fixed captcha answer.
    AUTH_TEST_CAPTCHA: E2E_CAPTCHA,
    // Canonical and share links must point at this server, not a configured site.
    PUBLIC_URL: baseUrl,
    // As behind the README's load balancer: journeys that register makers through
    // the API say which address each maker comes from (registerThroughApi), so the
    // per-IP e-mail code limit counts makers, not the one test machine.
    TRUST_PROXY: '1',
    // One maker's day pays for one file of each AI kind (ai-outputs).
    POINTS_DAILY_ALLOWANCE: String(E2E_DAILY_POINTS),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ...options.env,
  };
  // A DATABASE_URL left in the shell must not point the tests at someone's data;
  // only the explicit E2E_DATABASE_URL selects PostgreSQL.
  delete env.DATABASE_URL;
  // Mail must stay in the outbox, where the journeys read the e-mail codes.
  delete env.SMTP_URL;
  if (process.env.E2E_DATABASE_URL && !options.embedded)
    env.DATABASE_URL = process.env.E2E_DATABASE_URL;

  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const log = createWriteStream(
    options.logName ? join(ARTIFACTS_DIR, options.logName) : SERVER_LOG,
  );
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    output = (output + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // Should the test process die without teardown, do not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_GRACE_MS);
      }
    }
    await new Promise<void>((done) => log.end(done));
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(
        `The server exited (code ${child.exitCode}, signal ${child.signalCode}) before /healthz answered.\n--- server output ---\n${output}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return { baseUrl, dataDir, stop };
      lastError = `HTTP ${response.status}`;
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  await stop();
  throw new Error(
    `GET ${baseUrl}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastError}).\n--- server output ---\n${output}`,
  );
};
