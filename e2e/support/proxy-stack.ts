import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findNginx, type IRunningNginx, NGINX_INSTALL_HINT, startNginx } from './nginx';
import { startS3Server } from './s3';
import { ARTIFACTS_DIR } from './screenshots';
import { freePort, type IRunningServer, startServer } from './server';

/**
 * Two instances of the built server on one PostgreSQL database, one Redis and
 * one S3 server, behind Debian's nginx running deploy/nginx/layerline.conf
 * (docs/OPERATIONS.md, "Deploy" and "Behind a proxy").
 */

/** The Redis database the journey owns: emptied before and after (TEST_REDIS_URL's server). */
export const PROXY_REDIS_DB = 9;
/** The streams' read timeout in the rendered site, far below the shipped 1 h. */
export const STREAM_READ_TIMEOUT_S = 5;
/** The instances' heartbeat (LIVE_HEARTBEAT_MS), below that timeout as the docs ask. */
export const STREAM_HEARTBEAT_MS = 2_000;

/** Why the proxy journey cannot run here, or '' when it can. */
export const proxySkipReason = (): string => {
  const missing: string[] = [];
  if (!findNginx()) missing.push(`nginx (${NGINX_INSTALL_HINT}, or set NGINX_PATH)`);
  if (!process.env.TEST_DATABASE_URL) missing.push('PostgreSQL (TEST_DATABASE_URL)');
  if (!process.env.TEST_REDIS_URL) missing.push('Redis (TEST_REDIS_URL)');
  if (missing.length === 0) return '';
  const reason = `the proxy journey needs ${missing.join(', ')}`;
  if (process.env.REQUIRE_E2E === '1') throw new Error(`REQUIRE_E2E=1 but ${reason}`);
  const rule = '!'.repeat(reason.length + 6);
  console.warn(
    `\n${rule}\n!! ${reason} !!\n!! ${'SKIPPED: nothing was proven about nginx.'.padEnd(reason.length)} !!\n${rule}\n`,
  );
  return reason;
};

const psql = (url: string, sql: string): void => {
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql: ${sql}: ${run.stderr || run.error}`);
};

/** A database of its own on TEST_DATABASE_URL's server; dropped at the end. */
const createDatabase = (): { url: string; drop: () => void } => {
  const admin = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `layerline_proxy_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  psql(admin.href, `create database "${name}"`);
  const url = new URL(admin.href);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: () => psql(admin.href, `drop database if exists "${name}" with (force)`),
  };
};

/** The journey's Redis database, emptied (a raw RESP exchange: SELECT, FLUSHDB). */
const flushRedisDb = (base: URL): Promise<void> =>
  new Promise((done, fail) => {
    const socket = createConnection(Number(base.port || 6379), base.hostname);
    const db = String(PROXY_REDIS_DB);
    let answer = '';
    socket.setTimeout(5_000, () => socket.destroy(new Error('Redis did not answer')));
    socket.on('error', fail);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.split('\r\n').filter((line) => line === '+OK').length === 2) {
        socket.end();
        done();
      } else if (answer.startsWith('-') || answer.includes('\r\n-')) {
        socket.destroy(new Error(`Redis: ${answer.trim()}`));
      }
    });
    socket.write(`*2\r\n$6\r\nSELECT\r\n$${db.length}\r\n${db}\r\n*1\r\n$7\r\nFLUSHDB\r\n`);
  });

export interface IProxyStack {
  /** nginx's balanced address (both instances, round robin). */
  balanced: string;
  /** nginx in front of instance 1 alone, and of instance 2 alone: the same site otherwise. */
  pinned: [string, string];
  instances: [IRunningServer, IRunningServer];
  s3Endpoint: string;
  nginx: IRunningNginx;
  stop: () => Promise<void>;
}

/** Starts everything, in order; on a failure stops what had started and rethrows. */
export const startProxyStack = async (): Promise<IProxyStack> => {
  const cleanups: Array<() => Promise<void> | void> = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      await Promise.resolve()
        .then(cleanup)
        .catch((error) => console.warn('proxy journey clean-up:', error));
    }
  };
  try {
    const database = createDatabase();
    cleanups.push(database.drop);
    const redis = new URL(process.env.TEST_REDIS_URL as string);
    await flushRedisDb(redis);
    cleanups.push(() => flushRedisDb(redis));
    const redisUrl = new URL(redis.href);
    redisUrl.pathname = `/${PROXY_REDIS_DB}`;
    const s3 = await startS3Server();
    cleanups.push(s3.stop);

    const [port, pinned1, pinned2] = [await freePort(), await freePort(), await freePort()];
    const balanced = `http://127.0.0.1:${port}`;
    const env = {
      REDIS_URL: redisUrl.href,
      ...s3.env,
      // One secret for both: a token signed by one instance is read by the other.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TRUST_PROXY: '1',
      PUBLIC_URL: balanced,
      LIVE_HEARTBEAT_MS: String(STREAM_HEARTBEAT_MS),
      // Two servers, nginx and a browser share two cores: no demo content to
      // generate and upload, no AI work, one upload thread.
      SEED_DEMO: '0',
      AI_WORKERS: '0',
      UPLOAD_WORKERS: '1',
    };
    // startServer takes PostgreSQL from E2E_DATABASE_URL alone (e2e/README.md), read as it starts.
    const shellDatabase = process.env.E2E_DATABASE_URL;
    process.env.E2E_DATABASE_URL = database.url;
    let first: IRunningServer;
    let second: IRunningServer;
    try {
      // One after the other: the first migrates and seeds the database, the second finds it ready.
      first = await startServer({ env, logName: 'proxy-instance-1.log' });
      cleanups.push(first.stop);
      second = await startServer({ env, logName: 'proxy-instance-2.log' });
      cleanups.push(second.stop);
    } finally {
      if (shellDatabase === undefined) delete process.env.E2E_DATABASE_URL;
      else process.env.E2E_DATABASE_URL = shellDatabase;
    }

    const dir = mkdtempSync(join(tmpdir(), 'layerline-nginx-'));
    cleanups.push(() => {
      // nginx's logs stay with the screenshots, to be read after the run.
      rmSync(NGINX_ARTIFACTS, { recursive: true, force: true });
      mkdirSync(NGINX_ARTIFACTS, { recursive: true });
      for (const name of ['access.log', 'error.log', 'layerline.conf', 'nginx.conf']) {
        if (existsSync(join(dir, name))) copyFileSync(join(dir, name), join(NGINX_ARTIFACTS, name));
      }
      rmSync(dir, { recursive: true, force: true });
    });
    const nginx = await startNginx(findNginx() as string, {
      instancePorts: [first, second].map((server) => Number(new URL(server.baseUrl).port)),
      port,
      pinnedPorts: [pinned1, pinned2],
      streamReadTimeoutS: STREAM_READ_TIMEOUT_S,
      dir,
    });
    cleanups.push(nginx.stop);
    return {
      balanced,
      pinned: [`http://127.0.0.1:${pinned1}`, `http://127.0.0.1:${pinned2}`],
      instances: [first, second],
      s3Endpoint: s3.endpoint,
      nginx,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Where the journey keeps nginx's logs after the run, beside the screenshots. */
export const NGINX_ARTIFACTS = join(ARTIFACTS_DIR, 'proxy-nginx');
